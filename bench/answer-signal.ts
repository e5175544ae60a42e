// npm run bench:answer-signal -- --set <eval folder> [--questions questions_all.jsonl] [--limit N] [--dump features.jsonl]
// How well a reply's answer signal (lib/server/ai/answer-signal.ts) knows whether the documents
// answer, on held-apart data, from retrieval alone (the part of the signal every model shares;
// bench:answers measures it through the whole message path with the offline model). Every
// document of the set is ingested for one owner (the full library) and every other one (in name
// order) for a second (a library lacking half the documents); each question is asked of the full
// library, and of the second when it lacks the question's document. Prints one JSON object: the
// share of each library's questions marked not answered and weak (targets: answerable questions
// marked not answered <= 0.03, questions whose document is missing >= 0.90), and for reference
// the best the same share (held by the best passage) could do at the target's 3 %: the share of
// held-apart questions under the lowest 3 % of the answerable ones. --dump writes each question's
// terms, weights and top passages, to study other signals.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { allowServerOnlyImports, loadEvalSet, parseArgs, round } from "./lib/eval-set";
import { ingestEvalSet } from "./lib/ingest-set";

const args = parseArgs(process.argv.slice(2));
const setDir = args.get("set");
if (!setDir) {
  console.error("usage: npm run bench:answer-signal -- --set <folder in the format of shared/eval/*> [--questions file] [--limit N] [--dump file]");
  process.exit(2);
}
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "docchat-bench-signal-"));
process.env.LOG_LEVEL = "silent";
allowServerOnlyImports();
const { openDatabase, setDatabase } = await import("@/lib/server/db/client");
const { createUser } = await import("@/lib/server/queries/users");
const { retrievePassages, termWeights } = await import("@/lib/server/use-cases/retrieve-passages");
const { retrievalSignal, signalTerms } = await import("@/lib/server/ai/answer-signal");
const { tokenize } = await import("@/lib/server/ingest/tokenizer");

const set = loadEvalSet(path.resolve(setDir), args.get("questions") || undefined);
const questions = set.questions.slice(0, Number(args.get("limit") ?? Infinity));
const handle = await openDatabase({ memory: true });
setDatabase(handle);
const full = (await createUser({ email: "bench-full@example.com", displayName: "Full", role: "admin" }))!;
await ingestEvalSet(full, set);
const kept = new Set(set.docs.filter((_, i) => i % 2 === 0).map((d) => d.file));
const lacking = (await createUser({ email: "bench-lacking@example.com", displayName: "Lacking", role: "admin" }))!;
await ingestEvalSet(lacking, { ...set, docs: set.docs.filter((d) => kept.has(d.file)) });

type Seen = { signal: string; share: number; dump: Record<string, unknown> };
async function ask(ownerId: string, question: string): Promise<Seen> {
  const passages = await retrievePassages({ ownerId, question, k: 3 });
  const terms = signalTerms(question);
  const weights = await termWeights(ownerId, terms);
  const best = passages[0]?.content ?? null;
  const held = new Set(best === null ? [] : tokenize(best));
  const total = weights.reduce((sum, w) => sum + w.weight, 0);
  const share = total === 0 ? 0 : terms.reduce((sum, term, i) => sum + (held.has(term) ? weights[i].weight : 0), 0) / total;
  return {
    signal: retrievalSignal({ question, terms, weights, bestPassage: best }),
    share,
    dump: { terms: terms.map((term, i) => ({ term, weight: round(weights[i].weight, 3), known: weights[i].known })), passages: passages.map((p) => ({ document: p.documentName, score: round(p.score, 3), content: p.content })) },
  };
}

const fullSeen: Seen[] = [];
const lackingSeen: Seen[] = [];
const dump: string[] = [];
for (const q of questions) {
  const a = await ask(full.id, q.question);
  fullSeen.push(a);
  dump.push(JSON.stringify({ library: "full", id: q.id, question: q.question, docFile: q.docFile, ...a.dump }));
  if (kept.has(q.docFile)) continue;
  const b = await ask(lacking.id, q.question);
  lackingSeen.push(b);
  dump.push(JSON.stringify({ library: "lacking", id: q.id, question: q.question, docFile: q.docFile, ...b.dump }));
}
const dumpFile = args.get("dump");
if (dumpFile) writeFileSync(dumpFile, dump.join("\n") + "\n");

const shareOf = (seen: Seen[], signal: string) => round(seen.filter((s) => s.signal === signal).length / (seen.length || 1));
const shares = fullSeen.map((s) => s.share).sort((a, b) => a - b);
const atTarget = shares[Math.floor(shares.length * 0.03)] ?? 0;
console.log(
  JSON.stringify(
    {
      bench: "answer-signal",
      set: set.name,
      questionsFile: set.questionsFile,
      documents: set.docs.length,
      fullLibrary: { questions: fullSeen.length, markedNotAnswered: shareOf(fullSeen, "not_answered"), markedWeak: shareOf(fullSeen, "weak"), target: "<= 0.03 not answered" },
      lackingTheirDocument: { questions: lackingSeen.length, markedNotAnswered: shareOf(lackingSeen, "not_answered"), markedWeak: shareOf(lackingSeen, "weak"), target: ">= 0.90 not answered" },
      reference: { shareBoundAt3Percent: round(atTarget, 3), lackingUnderIt: round(lackingSeen.filter((s) => s.share < atTarget).length / (lackingSeen.length || 1)) },
    },
    null,
    2,
  ),
);
await handle.close();
process.exit(0);
