// npm run bench:answers -- --set <eval folder> [--questions questions_all.jsonl] [--limit N] [--locale zh-TW|en] [--misses file.jsonl] [--suggestion-docs N]
// Answer quality of the built-in offline model: ingests an eval folder through the real pipeline,
// then sends every question through the real message path (the POST /api/messages handler with a
// signed-in owner, retrieval, the offline model, the database writes) and prints one JSON object:
// the share of replies whose first quoted sentence holds a gold answer (what a reader meets first),
// the share that contain one anywhere, the median quoted length (quoting more must not buy the
// score), the share of these answerable questions whose reply opens by saying the documents do not
// answer, server time p50/p95 per message, and in the same run the baseline "quote the top
// passage's best sentence" (the sentence of the top retrieved passage sharing the most terms with
// the question, scored the same way) with the ratios to it, plus two references: how often the top
// retrieved passage contains the answer (what quoting whole passages would reach) and the time of
// retrieval alone (the floor the message path adds to). Then the offline opening questions of the
// first N documents (default 40), each checked well-formed in the reader's language and asked back
// through the same path: the share answered with confidence. Beside it, how well each reply knows
// whether it answered (its stored answer signal), on held-apart data: a second library, every
// other document (in name order) left out, is asked the questions of the documents it lacks (they
// should be marked not answered), while the full library's replies to every question should seldom be.
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { allowServerOnlyImports, loadEvalSet, parseArgs, percentile, ratio, round } from "./lib/eval-set";
import { ingestEvalSet } from "./lib/ingest-set";
import { firstQuotedSentence, holdsAnswer, opensClosest, opensNotFound, quotedLength, splitSentences } from "./lib/reply-quotes";

const args = parseArgs(process.argv.slice(2));
const setDir = args.get("set");
if (!setDir) {
  console.error("usage: npm run bench:answers -- --set <folder in the format of shared/eval/*> [--questions file] [--limit N] [--locale zh-TW|en]");
  process.exit(2);
}
const dataDir = mkdtempSync(path.join(tmpdir(), "docchat-bench-answers-"));
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL = "silent";
// One owner asks every question of the set back to back.
process.env.MESSAGE_LIMIT_PER_USER_PER_MINUTE = "100000000";
// Not run with the react-server condition: the route's translations import React's client build.
allowServerOnlyImports();

const { NextRequest } = await import("next/server");
const { openDatabase, setDatabase } = await import("@/lib/server/db/client");
const { createUser } = await import("@/lib/server/queries/users");
const { encodeSession, SESSION_COOKIE } = await import("@/lib/server/auth/session");
const { retrievePassages } = await import("@/lib/server/use-cases/retrieve-passages");
const { tokenize } = await import("@/lib/server/ingest/tokenizer");
const { LOCALE_COOKIE } = await import("@/lib/constants");
const { getDb } = await import("@/lib/server/db/client");
const { messages: messageRows } = await import("@/lib/server/db/schema");
const { inArray } = await import("drizzle-orm");
const messages = await import("@/app/api/messages/route");
const { listDocuments, openingPassagesOf } = await import("@/lib/server/queries/documents");
const { openingQuestionsFor } = await import("@/lib/server/use-cases/suggest-questions");
const { isWellFormedQuestion } = await import("@/lib/server/ai/offline/topic-questions");

const set = loadEvalSet(path.resolve(setDir), args.get("questions") || undefined);
const questions = set.questions.slice(0, Number(args.get("limit") ?? Infinity));
const sample = questions.slice(0, 50).map((q) => q.question).join("");
const locale = args.get("locale") ?? (/[\p{Script=Han}]/u.test(sample) ? "zh-TW" : "en");

const handle = await openDatabase({ memory: true });
setDatabase(handle);
const owner = (await createUser({ email: "bench@example.com", displayName: "Bench", role: "admin" }))!;
const ingested = await ingestEvalSet(owner, set);
const cookie = `${SESSION_COOKIE}=${await encodeSession(owner)}; ${LOCALE_COOKIE}=${locale}`;

/**
 * The baseline's reply: the sentence of `passage` sharing the most distinct terms (the product's
 * tokenizer) with the question, the first of equals, split as the reply's quotes are (reply-quotes.ts).
 */
function bestSentence(question: string, passage: string): string {
  const wanted = new Set(tokenize(question));
  let best = "";
  let bestOverlap = -1;
  for (const text of splitSentences(passage)) {
    let overlap = 0;
    for (const term of new Set(tokenize(text))) if (wanted.has(term)) overlap++;
    if (overlap > bestOverlap) {
      best = text;
      bestOverlap = overlap;
    }
  }
  return best;
}

async function ask(question: string, asker = cookie): Promise<{ ms: number; content: string; status: number; replyId: string | undefined }> {
  const req = new NextRequest("http://localhost:3000/api/messages", {
    method: "POST",
    headers: { host: "localhost:3000", origin: "http://localhost:3000", cookie: asker, "content-type": "application/json" },
    body: JSON.stringify({ content: question }),
  });
  const started = performance.now();
  const res = await messages.POST(req, { params: Promise.resolve({}) });
  const body = await res.json();
  return { ms: performance.now() - started, content: body.aiMessage?.content ?? "", status: res.status, replyId: body.aiMessage?.id };
}

/** The stored answer signals of these replies, counted. */
async function signals(replyIds: readonly string[]): Promise<Record<"answered" | "weak" | "not_answered" | "none", number>> {
  const counts = { answered: 0, weak: 0, not_answered: 0, none: 0 };
  const db = await getDb();
  for (let i = 0; i < replyIds.length; i += 500) {
    const rows = await db.select({ signal: messageRows.answerSignal }).from(messageRows).where(inArray(messageRows.id, replyIds.slice(i, i + 500)));
    for (const row of rows) counts[row.signal ?? "none"]++;
  }
  return counts;
}

// Where to write the questions whose first quoted sentence misses, or whose reply opens saying the documents do not answer (question, gold, reply), to read them.
const missesFile = args.get("misses");
if (missesFile) writeFileSync(missesFile, "");

// Warm-up: the owner's index loads on the first question, as after a restart.
await ask(questions[0]?.question ?? "warm up");

let contained = 0;
let firstSentenceHits = 0;
let notFoundOpenings = 0;
let closestOpenings = 0;
let topPassage = 0;
let bestSentenceHits = 0;
let failures = 0;
const quotedChars: number[] = [];
const baselineChars: number[] = [];
const serverMs: number[] = [];
const retrievalMs: number[] = [];
const fullLibraryReplies: string[] = [];
for (const q of questions) {
  const answers = q.answers;
  const reply = await ask(q.question);
  if (reply.replyId) fullLibraryReplies.push(reply.replyId);
  serverMs.push(reply.ms);
  if (reply.status !== 200) failures++;
  if (holdsAnswer(reply.content, answers)) contained++;
  const firstHolds = holdsAnswer(firstQuotedSentence(reply.content), answers);
  if (firstHolds) firstSentenceHits++;
  const notFound = opensNotFound(reply.content);
  // The misses to read: a first sentence without the answer, or a reply that says there is none.
  if (missesFile && (!firstHolds || notFound)) appendFileSync(missesFile, JSON.stringify({ id: q.id, question: q.question, answers, firstHolds, notFound, reply: reply.content }) + "\n");
  if (notFound) notFoundOpenings++;
  if (opensClosest(reply.content)) closestOpenings++;
  quotedChars.push(quotedLength(reply.content));
  const started = performance.now();
  const passages = await retrievePassages({ ownerId: owner.id, question: q.question, k: 5 });
  retrievalMs.push(performance.now() - started);
  if (passages[0] && holdsAnswer(passages[0].content, answers)) topPassage++;
  const baseline = passages[0] ? bestSentence(q.question, passages[0].content) : "";
  baselineChars.push(baseline.replace(/\s+/g, "").length);
  if (holdsAnswer(baseline, answers)) bestSentenceHits++;
}

// The opening questions a reader is offered, asked back: answered when the reply opens by quoting
// with confidence (neither "the closest the documents come" nor "not found").
const CONFIDENT_LEAD = locale === "en" ? "Here is what the documents say" : "根據文件，最相關的內容如下";
let suggested = 0;
let suggestedWellFormed = 0;
let suggestedAnswered = 0;
const suggestionDocs = (await listDocuments(owner.id)).slice(0, Number(args.get("suggestion-docs") ?? 40));
for (const doc of suggestionDocs) {
  const passages = await openingPassagesOf(owner.id, [doc.id], 4);
  for (const question of await openingQuestionsFor({ ownerId: owner.id, documentIds: null }, passages, locale as "en" | "zh-TW")) {
    suggested++;
    if (isWellFormedQuestion(question, locale as "en" | "zh-TW")) suggestedWellFormed++;
    if ((await ask(question)).content.startsWith(CONFIDENT_LEAD)) suggestedAnswered++;
  }
}

// Held apart: a second library holding every other document (in name order) is asked the
// questions of the documents it lacks.
const kept = new Set(set.docs.filter((_, i) => i % 2 === 0).map((d) => d.file));
const lackingOwner = (await createUser({ email: "bench-held-apart@example.com", displayName: "Held apart", role: "admin" }))!;
await ingestEvalSet(lackingOwner, { ...set, docs: set.docs.filter((d) => kept.has(d.file)) });
const lackingCookie = `${SESSION_COOKIE}=${await encodeSession(lackingOwner)}; ${LOCALE_COOKIE}=${locale}`;
const heldApartReplies: string[] = [];
for (const q of questions) {
  if (kept.has(q.docFile)) continue;
  const reply = await ask(q.question, lackingCookie);
  if (reply.replyId) heldApartReplies.push(reply.replyId);
}
const heldApart = await signals(heldApartReplies);
const fullLibrary = await signals(fullLibraryReplies);
const share = (n: number, of: number) => (of === 0 ? null : round(n / of));

const p50 = percentile(serverMs, 0.5);
console.log(
  JSON.stringify(
    {
      bench: "answers",
      set: set.name,
      questionsFile: set.questionsFile,
      locale,
      model: "offline",
      documents: set.docs.length,
      documentsNotProcessed: ingested.notProcessed,
      questions: questions.length,
      failedReplies: failures,
      firstQuotedSentenceHoldsAnswer: round(firstSentenceHits / questions.length),
      replyContainsAnswer: round(contained / questions.length),
      opensNotFound: round(notFoundOpenings / questions.length),
      opensClosest: round(closestOpenings / questions.length),
      medianQuotedChars: percentile(quotedChars, 0.5),
      baselineTopPassageBestSentence: round(bestSentenceHits / questions.length),
      baselineMedianChars: percentile(baselineChars, 0.5),
      firstSentenceRatioToBaseline: ratio(firstSentenceHits, bestSentenceHits),
      ratioToBaseline: ratio(contained, bestSentenceHits),
      openingQuestions: {
        documents: suggestionDocs.length,
        asked: suggested,
        wellFormed: round(suggestedWellFormed / (suggested || 1)),
        answeredWithConfidence: round(suggestedAnswered / (suggested || 1)),
      },
      reference: { topPassageContainsAnswer: round(topPassage / questions.length) },
      serverMs: { p50: round(p50, 2), p95: round(percentile(serverMs, 0.95), 2) },
      retrievalOnlyMs: { p50: round(percentile(retrievalMs, 0.5), 2), p95: round(percentile(retrievalMs, 0.95), 2) },
      serverToRetrievalP50: round(p50 / percentile(retrievalMs, 0.5), 2),
      answerSignal: {
        lackingTheirDocument: { questions: heldApartReplies.length, markedNotAnswered: share(heldApart.not_answered, heldApartReplies.length), markedWeak: share(heldApart.weak, heldApartReplies.length), target: ">= 0.90 not answered" },
        fullLibrary: { questions: fullLibraryReplies.length, markedNotAnswered: share(fullLibrary.not_answered, fullLibraryReplies.length), markedWeak: share(fullLibrary.weak, fullLibraryReplies.length), target: "<= 0.03 not answered" },
      },
    },
    null,
    2,
  ),
);
await handle.close();
rmSync(dataDir, { recursive: true, force: true });
