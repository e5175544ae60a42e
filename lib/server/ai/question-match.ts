import "server-only";
import { tokenize } from "@/lib/server/ingest/tokenizer";

// When two questions ask the same thing in other words: the share of their terms they have in
// common (Jaccard), single Chinese characters left out (the words and bigrams they make count).
// Measured on rewordings in tests/unit/question-match.test.ts: rewordings of one question share
// half their terms or more, different questions on one topic less.
export const SAME_QUESTION_MIN_SIMILARITY = 0.5;

// Words about the asking, not the topic: a reworded question adds or drops them freely.
const ASKING = /請問|想問|想知道|請告訴我|告訴我|可以|能不能|是不是|嗎|呢|please|could you|can you|tell me|i want to know/giu;
const SINGLE_CJK = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]$/u;

// Ways of asking for one kind of thing that share no word (the tokenizer drops most of them as
// too common): each is read as one marker term, on both sides, so "垃圾車幾點來？" and "垃圾車什麼
// 時間來？" are one question, as are "What is the fare?" and "How much does it cost?". Two questions
// asking for different kinds (a price, a time, a place, a way) ask different things, as two
// naming different figures do. Longer forms first, so a form inside another does not split it.
const ASKS_FOR: readonly [RegExp, string][] = [
  [/多少錢|價錢|價格|費用|收費|花費|要價|票價|\b(?:how much(?: does| do| is| are)?|what(?: is| are)? the (?:price|cost|fee|fare)s?(?: of| for)?|prices?|costs?|fees?|fares?)\b/giu, "askprice"],
  [/什麼時候|什麼時間|幾點鐘|幾點|何時|幾時|禮拜幾|星期幾|哪幾天|哪一天|哪天|\b(?:at what time|what time|when)\b/giu, "askwhen"],
  [/什麼地方|在哪裡|在哪裏|在哪兒|在哪|哪裡|哪裏|何處|\b(?:where(?: is| are| can i find)?|what place)\b/giu, "askwhere"],
  [/要怎麼|怎麼樣|怎麼|怎樣|如何|\b(?:how (?:do|can|should) (?:i|we|you)|how to)\b/giu, "askhow"],
];
// As the tokenizer stems them (askprice → askpric).
const ASK_MARKER = /^ask(?:pric|when|wher|how)e?$/;

function foldAsking(question: string): string {
  return ASKS_FOR.reduce((text, [form, marker]) => text.replace(form, ` ${marker} `), question);
}

export function questionTerms(question: string): Set<string> {
  const topic = foldAsking(question.replace(ASKING, " "));
  return new Set(tokenize(topic.trim() === "" ? question : topic).filter((term) => !SINGLE_CJK.test(term)));
}

const NUMBER = /^\p{N}+(?:[.,]\p{N}+)*$/u;

/** The figures a question names: two that name different ones ask different things (第 3 號 and 第 4 號). */
function figures(terms: ReadonlySet<string>): string {
  return [...terms].filter((term) => NUMBER.test(term)).sort().join(" ");
}

/** What kinds of thing a question asks for (ASKS_FOR's markers). */
function asksFor(terms: ReadonlySet<string>): string {
  return [...terms].filter((term) => ASK_MARKER.test(term)).sort().join(" ");
}

export function questionSimilarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  if (figures(a) !== figures(b)) return 0;
  const [kindA, kindB] = [asksFor(a), asksFor(b)];
  if (kindA !== "" && kindB !== "" && kindA !== kindB) return 0;
  // The kind asked for gates; the topic's words measure (a marker shared by two short questions is not a topic).
  const topicA = [...a].filter((term) => !ASK_MARKER.test(term));
  const topicB = new Set([...b].filter((term) => !ASK_MARKER.test(term)));
  if (topicA.length === 0 || topicB.size === 0) return 0;
  let shared = 0;
  for (const term of topicA) if (topicB.has(term)) shared++;
  return shared / (topicA.length + topicB.size - shared);
}

/** The candidate whose question asks the same as `question` the most, if any asks it closely enough. */
export function sameQuestion<T extends { question: string }>(question: string, candidates: readonly T[]): T | null {
  const asked = questionTerms(question);
  let best: T | null = null;
  let bestSimilarity = SAME_QUESTION_MIN_SIMILARITY;
  for (const candidate of candidates) {
    const similarity = questionSimilarity(asked, questionTerms(candidate.question));
    // The first of equally close candidates.
    if (similarity > bestSimilarity || (best === null && similarity >= bestSimilarity)) {
      best = candidate;
      bestSimilarity = similarity;
    }
  }
  return best;
}
