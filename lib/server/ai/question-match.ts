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

export function questionTerms(question: string): Set<string> {
  const topic = question.replace(ASKING, " ");
  return new Set(tokenize(topic.trim() === "" ? question : topic).filter((term) => !SINGLE_CJK.test(term)));
}

const NUMBER = /^\p{N}+(?:[.,]\p{N}+)*$/u;

/** The figures a question names: two that name different ones ask different things (第 3 號 and 第 4 號). */
function figures(terms: ReadonlySet<string>): string {
  return [...terms].filter((term) => NUMBER.test(term)).sort().join(" ");
}

export function questionSimilarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  if (figures(a) !== figures(b)) return 0;
  let shared = 0;
  for (const term of a) if (b.has(term)) shared++;
  return shared / (a.size + b.size - shared);
}

/** The candidate whose question asks the same as `question` the most, if any asks it closely enough. */
export function sameQuestion<T extends { question: string }>(question: string, candidates: readonly T[]): T | null {
  const asked = questionTerms(question);
  let best: T | null = null;
  let bestSimilarity = SAME_QUESTION_MIN_SIMILARITY;
  for (const candidate of candidates) {
    const similarity = questionSimilarity(asked, questionTerms(candidate.question));
    if (similarity >= bestSimilarity) {
      best = candidate;
      bestSimilarity = similarity;
    }
  }
  return best;
}
