// Loading and scoring of an evaluation folder (see shared/eval/README.md beside the project):
//   manifest.json (optional), docs/*.txt, questions_all.jsonl and/or questions.jsonl.
// Deliberately free of lib/server imports, so it loads in a plain Node process.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { register } from "node:module";
import path from "node:path";

export type EvalQuestion = {
  id: string;
  question: string;
  answers: string[];
  docFile: string;
  paragraphCharStart: number;
  paragraphCharEnd: number;
};

export type EvalDoc = { file: string; text: string };

export type EvalSet = {
  name: string;
  dir: string;
  questionsFile: string;
  manifest: Record<string, unknown> | null;
  docs: EvalDoc[];
  questions: EvalQuestion[];
};

/** A retrieved span of a document: the unit every ranking is scored in. */
export type RankedSpan = { docFile: string; charStart: number; charEnd: number };

export type RetrievalScores = { questions: number; recallAt1: number; recallAt5: number; mrr: number };

/** Reads an eval folder; without `questionsFile`, questions_all.jsonl is preferred over questions.jsonl. */
export function loadEvalSet(dir: string, questionsFile?: string): EvalSet {
  const file =
    questionsFile ?? (existsSync(path.join(dir, "questions_all.jsonl")) ? "questions_all.jsonl" : "questions.jsonl");
  const manifestPath = path.join(dir, "manifest.json");
  const manifest = existsSync(manifestPath)
    ? (JSON.parse(readFileSync(manifestPath, "utf8")) as Record<string, unknown>)
    : null;
  const docsDir = path.join(dir, "docs");
  const docs = readdirSync(docsDir)
    .filter((f) => f.endsWith(".txt"))
    .sort()
    .map((f) => ({ file: f, text: readFileSync(path.join(docsDir, f), "utf8") }));
  const known = new Set(docs.map((d) => d.file));
  const questions = readFileSync(path.join(dir, file), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line, i) => parseQuestion(line, i + 1));
  const missing = questions.find((q) => !known.has(q.docFile));
  if (missing) throw new Error(`${file}: question ${missing.id} names a missing document ${missing.docFile}`);
  const name = typeof manifest?.name === "string" ? manifest.name : path.basename(dir);
  return { name, dir, questionsFile: file, manifest, docs, questions };
}

function parseQuestion(line: string, lineNumber: number): EvalQuestion {
  const q = JSON.parse(line) as Partial<EvalQuestion>;
  const ok =
    typeof q.id === "string" &&
    typeof q.question === "string" &&
    Array.isArray(q.answers) &&
    typeof q.docFile === "string" &&
    Number.isInteger(q.paragraphCharStart) &&
    Number.isInteger(q.paragraphCharEnd);
  if (!ok) throw new Error(`question line ${lineNumber} lacks id, question, answers, docFile or paragraph offsets`);
  return {
    id: q.id!,
    question: q.question!,
    answers: q.answers!,
    docFile: q.docFile!,
    paragraphCharStart: q.paragraphCharStart!,
    paragraphCharEnd: q.paragraphCharEnd!,
  };
}

/** A span is a hit when it is in the question's document and overlaps the answering paragraph. */
export function isHit(question: EvalQuestion, span: RankedSpan): boolean {
  return (
    span.docFile === question.docFile &&
    span.charStart < question.paragraphCharEnd &&
    span.charEnd > question.paragraphCharStart
  );
}

/** recall@1, recall@5 and MRR over the whole ranked list given (the benches pass the top 10). */
export function scoreRankings(questions: readonly EvalQuestion[], rankings: readonly RankedSpan[][]): RetrievalScores {
  let r1 = 0;
  let r5 = 0;
  let rr = 0;
  questions.forEach((q, i) => {
    const rank = rankings[i].findIndex((span) => isHit(q, span));
    if (rank < 0) return;
    if (rank === 0) r1++;
    if (rank < 5) r5++;
    rr += 1 / (rank + 1);
  });
  const n = questions.length || 1;
  return { questions: questions.length, recallAt1: round(r1 / n), recallAt5: round(r5 / n), mrr: round(rr / n) };
}

export function round(x: number, digits = 4): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

/** Value at quantile q (0..1) of the samples, nearest rank. */
export function percentile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return 0;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

export type EvalLanguage = "zh" | "en";

const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+|[^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * The language of a set: the manifest's `lang` when it names one (zh-Hant, en), otherwise Chinese
 * when CJK characters are at least a third of the documents' letters and digits.
 */
export function evalSetLanguage(set: Pick<EvalSet, "manifest" | "docs">): EvalLanguage {
  const lang = typeof set.manifest?.lang === "string" ? set.manifest.lang.toLowerCase() : "";
  if (lang.startsWith("zh")) return "zh";
  if (lang.startsWith("en")) return "en";
  let cjk = 0;
  let all = 0;
  for (const doc of set.docs) {
    for (const word of doc.text.match(WORD) ?? []) {
      for (const char of word) {
        all++;
        if (CJK_CHAR.test(char)) cjk++;
      }
    }
  }
  return all > 0 && cjk / all >= 1 / 3 ? "zh" : "en";
}

/** Plain words: lowercase, split on anything not a letter or digit; no stemming, no stop words. */
export function wordTokens(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

/**
 * Character bigrams: every pair of adjacent CJK characters (a CJK character with no CJK neighbour
 * on its own), Latin words and numbers as lowercase words. The usual strong simple tokenizer for
 * Chinese (Lucene's CJKAnalyzer, Elasticsearch's cjk_bigram).
 */
export function bigramTokens(text: string): string[] {
  const out: string[] = [];
  for (const word of wordTokens(text)) {
    for (const run of word.match(CJK_RUN) ?? []) {
      if (!CJK_CHAR.test(run)) {
        out.push(run);
        continue;
      }
      const chars = [...run];
      if (chars.length === 1) out.push(chars[0]);
      for (let i = 1; i < chars.length; i++) out.push(chars[i - 1] + chars[i]);
    }
  }
  return out;
}

/** The strongest simple baseline tokenizer for a language: bigrams for Chinese, plain words for English. */
export function baselineTokenizer(language: EvalLanguage): { name: string; tokens: (text: string) => string[] } {
  return language === "zh" ? { name: "cjk-bigram-bm25", tokens: bigramTokens } : { name: "word-bm25", tokens: wordTokens };
}

/**
 * BM25 by plain linear scan: every query scores every chunk by looking its terms up. The same
 * formula as lib/server/retrieval/bm25-index.ts (Lucene idf, query tf as a multiplier), with none of
 * its data structures: the baseline for both its quality (other tokenizers) and its speed.
 */
export class LinearBm25 {
  private readonly chunks: { terms: Map<string, number>; length: number }[] = [];
  private readonly df = new Map<string, number>();
  private totalLength = 0;

  constructor(private readonly params: { k1: number; b: number }) {}

  get size(): number {
    return this.chunks.length;
  }

  /** Adds a chunk; its position is the id search returns. */
  add(terms: Map<string, number>, length: number): number {
    for (const term of terms.keys()) this.df.set(term, (this.df.get(term) ?? 0) + 1);
    this.totalLength += length;
    return this.chunks.push({ terms, length }) - 1;
  }

  /** Top k chunk positions (among those `allow` accepts), best first; equal scores by ascending position. */
  search(queryTerms: readonly string[], k: number, allow?: (id: number) => boolean): { id: number; score: number }[] {
    const { k1, b } = this.params;
    const n = this.chunks.length;
    const avgLength = this.totalLength / n || 1;
    const query = new Map<string, number>();
    for (const t of queryTerms) if (this.df.has(t)) query.set(t, (query.get(t) ?? 0) + 1);
    const weights = [...query].map(([t, qtf]) => {
      const df = this.df.get(t)!;
      return [t, qtf * Math.log(1 + (n - df + 0.5) / (df + 0.5))] as const;
    });
    const hits: { id: number; score: number }[] = [];
    for (let id = 0; id < n; id++) {
      if (allow && !allow(id)) continue;
      const chunk = this.chunks[id];
      const norm = k1 * (1 - b + (b * chunk.length) / avgLength);
      let score = 0;
      for (const [t, w] of weights) {
        const tf = chunk.terms.get(t);
        if (tf !== undefined) score += (w * tf * (k1 + 1)) / (tf + norm);
      }
      if (score > 0) hits.push({ id, score });
    }
    return hits.sort((x, y) => y.score - x.score || x.id - y.id).slice(0, k);
  }
}

/** Ranks `chunks` for every question with LinearBm25 over the tokens given, and scores the result. */
export function bm25Baseline(
  questions: readonly EvalQuestion[],
  chunks: readonly (RankedSpan & { content: string })[],
  params: { k1: number; b: number },
  tokens: (text: string) => string[],
  depth = 10,
): RetrievalScores {
  const bm25 = new LinearBm25(params);
  for (const chunk of chunks) {
    const t = tokens(chunk.content);
    bm25.add(countTerms(t), t.length);
  }
  const rankings = questions.map((q) => bm25.search(tokens(q.question), depth).map((h) => chunks[h.id]));
  return scoreRankings(questions, rankings);
}

/** product / baseline, rounded; null when the baseline is 0. */
export function ratio(product: number, baseline: number, digits = 3): number | null {
  return baseline > 0 ? round(product / baseline, digits) : null;
}

export function countTerms(tokens: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const t of tokens) counts.set(t, (counts.get(t) ?? 0) + 1);
  return counts;
}

/** Parses `--name value` pairs from argv. */
export function parseArgs(argv: readonly string[]): Map<string, string> {
  const args = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    if (argv[i].startsWith("--")) args.set(argv[i].slice(2), argv[i + 1]?.startsWith("--") ? "" : (argv[++i] ?? ""));
  }
  return args;
}

/**
 * Lets this plain Node process import lib/server modules: their `import "server-only"` throws
 * outside React Server Components, so it resolves to an empty module here. Import those modules
 * dynamically after calling this.
 */
export function allowServerOnlyImports(): void {
  register(
    "data:text/javascript," +
      encodeURIComponent(
        "export async function resolve(s, c, next) {" +
          " return s === 'server-only' ? { url: 'data:text/javascript,', shortCircuit: true } : next(s, c); }",
      ),
  );
}

/**
 * Lets a process run with the react-server condition import lib/server modules that reach
 * next-intl (lib/server/i18n.ts, through the e-mail jobs): next-intl's react-server entry imports
 * its client provider, whose use-intl/react needs React's client build (useEffect), which Next
 * supplies across its client boundary and a plain process does not. Inside next-intl and use-intl
 * only, `react` resolves without that condition. Nothing is rendered. Call before those imports.
 */
export function allowNextIntlOnReactServer(): void {
  register(
    "data:text/javascript," +
      encodeURIComponent(
        "export async function resolve(s, c, next) {" +
          " if ((s === 'react' || s.startsWith('react/')) && /\\/node_modules\\/(next-intl|use-intl)\\//.test(c.parentURL ?? ''))" +
          " return next(s, { ...c, conditions: c.conditions.filter((x) => x !== 'react-server') });" +
          " return next(s, c); }",
      ),
  );
}
