import "server-only";
import type { Locale } from "@/lib/constants";
import { tokenize } from "@/lib/server/ingest/tokenizer";
import { splitSentences } from "./sentences";

export interface OfflinePassage {
  /** The citation number the reply uses, [n]. */
  n: number;
  documentName: string;
  page: number | null;
  /** The last page the passage reaches, when it runs over a page break. */
  pageEnd?: number | null;
  content: string;
}

/** Retrieved passages numbered for citation, [1] first. */
export function toOfflinePassages(passages: readonly { documentName: string; page: number | null; pageEnd: number | null; content: string }[]): OfflinePassage[] {
  return passages.map((p, i) => ({ n: i + 1, documentName: p.documentName, page: p.page, pageEnd: p.pageEnd, content: p.content }));
}

export interface AnswerInput {
  locale: Locale;
  question: string;
  assistantName: string;
  rolePrompt: string;
  passages: OfflinePassage[];
  /** Names of the documents the assistant can read (for "I found nothing, but I know about…"). */
  documentNames: string[];
}

// How many passages the reply may quote, and how close to the best a second quote must score.
const MAX_QUOTES = 2;
const SECOND_QUOTE_MIN_SHARE = 0.6;
// Passages are ranked by retrieval; a lower-ranked passage needs a clearly better sentence.
const RANK_DISCOUNT = 0.12;
const CANDIDATE_PASSAGES = 3;
// Measured on DRCD (bench:answers) and on off-topic questions against the same documents.
const MIN_COVERAGE_TO_QUOTE = 0.1;
const MIN_WORD_COVERAGE_TO_ASSERT = 0.3;

const GREETING = /^(?:你好|您好|哈囉|嗨|早安|午安|晚安|hi|hello|hey|good (?:morning|afternoon|evening))(?=$|[\s,，!！.。?？~])|^(?:你|妳|您)是誰|^(?:你|妳|您)(?:能|可以|會)(?:做|幫)|^who are you|^what (?:can|do) you do/iu;

const TEXT = {
  "zh-TW": {
    lead: "根據您的文件，最相關的內容如下：",
    unsure: "文件中沒有找到直接的答案，以下內容可能相關：",
    more: "另一段相關內容：",
    page: (from: number, to: number) => (from === to ? `第 ${from} 頁` : `第 ${from}–${to} 頁`),
    nothing: "在目前的文件中找不到與這個問題直接相關的內容。",
    tryTopics: (names: string) => `您可以試著詢問這些文件的內容：${names}。`,
    noDocuments: "目前還沒有可以參考的文件。請先上傳文件，處理完成後我就能根據內容回答。",
    hello: (name: string) => `您好，我是${name}。`,
    role: (role: string) => `我的角色：${role}`,
    offer: "請問我關於您上傳的文件的任何問題，我會引用文件內容並註明出處。",
    offline: "（離線模式：回覆直接摘錄自文件內容）",
  },
  en: {
    lead: "Here is what your documents say about this:",
    unsure: "The documents do not answer this directly; this may be related:",
    more: "Also relevant:",
    page: (from: number, to: number) => (from === to ? `page ${from}` : `pages ${from}–${to}`),
    nothing: "I could not find anything in the documents that answers this directly.",
    tryTopics: (names: string) => `You could ask about what these documents cover: ${names}.`,
    noDocuments: "There are no documents to draw on yet. Upload one, and once it is processed I can answer from it.",
    hello: (name: string) => `Hello, I am ${name}.`,
    role: (role: string) => `My role: ${role}`,
    offer: "Ask me anything about the documents you uploaded; I quote them and cite the source.",
    offline: "(Offline mode: the reply quotes the documents directly.)",
  },
} as const;

export interface Candidate {
  passage: OfflinePassage;
  rank: number;
  sentences: readonly string[];
  /** Which paragraph of the passage each sentence belongs to: context never crosses a paragraph. */
  paragraphs: readonly number[];
  index: number;
  score: number;
}

export interface SentenceMatch {
  /** The sentences to quote, best first, each from a different passage. */
  quotes: Candidate[];
  /** Whether the best sentence holds a fair share of the question's words (see coverage()). */
  confident: boolean;
}

// Words about the asking, not the topic ("what do the documents say about X", 文件中如何說明X): they
// are in the question but never in the answer, so they are left out when matching sentences.
const QUESTION_FRAME =
  /文件中|這些文件|這份文件|文件|如何說明|說明|有哪些|哪些|重要資訊|資訊|重點|主要內容|內容|提到|關於|請問|請|what do the documents say about|what should i know about|what is said about|what are the key points of|the documents?|tell me about/giu;

/** Shared between answers: never changed. */
interface PassageSentences {
  readonly sentences: readonly string[];
  /** Which paragraph of the passage each sentence belongs to. */
  readonly paragraphs: readonly number[];
  /** Each sentence's terms. */
  readonly terms: readonly ReadonlySet<string>[];
}

// The passages most asked about recur from answer to answer (a busy share link is asked the same
// few things): their sentences and terms are kept rather than tokenised again each time, which
// was a fifth of what the server allocated per message (bench:shared). Keyed by the text itself,
// so a changed passage is a different entry; the least recently used goes first.
export const SENTENCE_CACHE_LIMIT = 256;
const sentenceCache = new Map<string, PassageSentences>();

function sentencesOf(content: string): PassageSentences {
  const cached = sentenceCache.get(content);
  if (cached) {
    sentenceCache.delete(content);
    sentenceCache.set(content, cached);
    return cached;
  }
  const sentences: string[] = [];
  const paragraphs: number[] = [];
  content.split(/\n\s*\n/).forEach((paragraph, p) => {
    for (const sentence of splitSentences(paragraph)) {
      sentences.push(sentence);
      paragraphs.push(p);
    }
  });
  const entry = { sentences, paragraphs, terms: sentences.map((sentence) => new Set(tokenize(sentence))) };
  sentenceCache.set(content, entry);
  if (sentenceCache.size > SENTENCE_CACHE_LIMIT) sentenceCache.delete(sentenceCache.keys().next().value!);
  return entry;
}

/** How many passages' sentences are kept (tests). */
export function sentenceCacheSize(): number {
  return sentenceCache.size;
}

/**
 * The sentences of the retrieved passages that best answer a question: those sharing the most (and
 * the rarest) terms with it. Null when none shares enough to be worth quoting.
 */
export function matchSentences(question: string, passages: readonly OfflinePassage[]): SentenceMatch | null {
  const topic = question.replace(QUESTION_FRAME, " ");
  const queryTerms = [...new Set(tokenize(topic.trim() === "" ? question : topic))];
  const chosen = passages.slice(0, CANDIDATE_PASSAGES);
  const split = chosen.map((passage) => sentencesOf(passage.content));
  const total = split.reduce((sum, passage) => sum + passage.sentences.length, 0);
  if (queryTerms.length === 0 || total === 0) return null;

  // Inverse document frequency over the candidate sentences: a term every sentence shares
  // (the topic's name) says less about where the answer is than one only a few share. Worked
  // out per question term (a handful) rather than per sentence term (thousands): this runs for
  // every answer.
  const weights = queryTerms.map((term) => {
    let frequency = 0;
    for (const passage of split) for (const terms of passage.terms) if (terms.has(term)) frequency++;
    return Math.log(1 + (total - frequency + 0.5) / (frequency + 0.5));
  });
  // Each candidate sentence by its place in the passages taken in rank order.
  const scores = new Float64Array(total);
  const termsAt: ReadonlySet<string>[] = [];
  split.forEach((passage, rank) => {
    for (const terms of passage.terms) {
      let score = 0;
      for (let i = 0; i < queryTerms.length; i++) if (terms.has(queryTerms[i])) score += weights[i];
      scores[termsAt.length] = score * (1 - RANK_DISCOUNT * rank);
      termsAt.push(terms);
    }
  });
  // Best first; equal scores keep the passages' order.
  const ranked = Array.from({ length: total }, (_, k) => k).sort((a, b) => scores[b] - scores[a] || a - b);
  const best = ranked[0];
  // Sharing a character or two with the question ("分" of 成分 in 分開) is no answer; sharing its
  // words is. In between the reply still quotes (the answer is often there in other words) but
  // says it is not sure.
  if (scores[best] <= 0 || coverage(termsAt[best], queryTerms, weights, false) < MIN_COVERAGE_TO_QUOTE) return null;
  const confident = coverage(termsAt[best], queryTerms, weights, true) >= MIN_WORD_COVERAGE_TO_ASSERT;

  const candidateAt = (k: number): Candidate => {
    let rank = 0;
    let index = k;
    while (index >= split[rank].sentences.length) index -= split[rank++].sentences.length;
    const { sentences, paragraphs } = split[rank];
    return { passage: chosen[rank], rank, sentences, paragraphs, index, score: scores[k] };
  };
  const quotes = [candidateAt(best)];
  for (const k of ranked.slice(1)) {
    if (quotes.length >= MAX_QUOTES || scores[k] < scores[best] * SECOND_QUOTE_MIN_SHARE) break;
    const next = candidateAt(k);
    // A second quote is worth it only from another passage (neighbours already cover this one).
    if (quotes.every((q) => q.passage !== next.passage)) quotes.push(next);
  }
  return { quotes, confident };
}

/**
 * The built-in model's reply to a question: the best sentences of the retrieved passages
 * (matchSentences), each with its neighbours for context and its source, in the asker's language.
 * Honest about being extraction, and about finding nothing.
 */
export function composeAnswer(input: AnswerInput): string {
  const text = TEXT[input.locale];
  const question = input.question.trim();
  if (GREETING.test(question)) return introduce(input);
  const match = matchSentences(question, input.passages);
  if (!match) return nothingFound(input);

  const parts: string[] = [match.confident ? text.lead : text.unsure, ""];
  match.quotes.forEach((quote, i) => {
    if (i > 0) parts.push(text.more, "");
    // The sentence with its neighbours in the same paragraph (a heading is not context).
    const same = (i: number) => i >= 0 && i < quote.sentences.length && quote.paragraphs[i] === quote.paragraphs[quote.index];
    const from = same(quote.index - 1) ? quote.index - 1 : quote.index;
    const to = same(quote.index + 1) ? quote.index + 2 : quote.index + 1;
    const excerpt = quote.sentences.slice(from, to).join(input.locale === "en" ? " " : "");
    parts.push(`> ${excerpt} [${quote.passage.n}]`, "", `— ${source(quote.passage, input.locale)}`, "");
  });
  parts.push(text.offline);
  return parts.join("\n");
}

const SINGLE_CJK = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]$/u;

/**
 * How much of the question a sentence covers: the weight of the question's terms it contains over
 * the weight of all of them (a term no candidate has weighs most). With `wordsOnly`, single
 * Chinese characters are left out: sharing 麵 with 麵包 says nothing about 義大利麵.
 */
function coverage(terms: ReadonlySet<string>, queryTerms: readonly string[], weights: readonly number[], wordsOnly: boolean): number {
  const hasWords = wordsOnly && queryTerms.some((t) => !SINGLE_CJK.test(t));
  let all = 0;
  let matched = 0;
  queryTerms.forEach((term, i) => {
    if (hasWords && SINGLE_CJK.test(term)) return;
    all += weights[i];
    if (terms.has(term)) matched += weights[i];
  });
  return all > 0 ? matched / all : 0;
}

function source(passage: OfflinePassage, locale: Locale): string {
  const name = locale === "en" ? `*${passage.documentName}*` : `《${passage.documentName}》`;
  return passage.page === null ? name : `${name}${locale === "en" ? ", " : " "}${TEXT[locale].page(passage.page, passage.pageEnd ?? passage.page)}`;
}

function nothingFound(input: AnswerInput): string {
  const text = TEXT[input.locale];
  if (input.documentNames.length === 0) return text.noDocuments;
  const names = input.documentNames.slice(0, 5).map((n) => (input.locale === "en" ? `*${n}*` : `《${n}》`));
  return [text.nothing, text.tryTopics(names.join(input.locale === "en" ? ", " : "、"))].join("\n\n");
}

function introduce(input: AnswerInput): string {
  const text = TEXT[input.locale];
  const role = input.rolePrompt.trim().split(/\n/)[0]?.slice(0, 200);
  return [text.hello(input.assistantName), role ? text.role(role) : "", input.documentNames.length > 0 ? text.offer : text.noDocuments]
    .filter(Boolean)
    .join("\n\n");
}
