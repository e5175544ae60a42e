import "server-only";
import { tokenize } from "@/lib/server/ingest/tokenizer";

/** Whether a reply knew: answered from the documents, weakly, or not at all. */
export type AnswerSignal = "answered" | "weak" | "not_answered";

// Measured with bench:answers (its heldApart figures) on DRCD and SQuAD: the share of the
// question's weight (rare terms weigh more) that the best passage holds. Questions asked of a
// library lacking their document mostly fall under the lower bound, questions of the full library
// mostly over the upper one; in between the reply is marked weak rather than guessed either way.
const NOT_ANSWERED_BELOW = 0.4;
const WEAK_BELOW = 0.6;

const SINGLE_CJK = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]$/u;

/**
 * The question's terms worth weighing: single Chinese characters say little on their own (the
 * words and bigrams they make say it).
 */
export function signalTerms(question: string): string[] {
  return [...new Set(tokenize(question))].filter((term) => !SINGLE_CJK.test(term));
}

/**
 * The signal retrieval gives: how much of the question's weight the best passage holds.
 * `weights` are the terms' rarity in the owner's documents (null: in none of them, left out).
 */
export function retrievalSignal(input: { terms: readonly string[]; weights: readonly (number | null)[]; bestPassage: string | null }): AnswerSignal {
  if (input.bestPassage === null) return "not_answered";
  const held = new Set(tokenize(input.bestPassage));
  let total = 0;
  let covered = 0;
  input.terms.forEach((term, i) => {
    const weight = input.weights[i];
    if (weight === null || weight === undefined) return;
    total += weight;
    if (held.has(term)) covered += weight;
  });
  if (total === 0) return "not_answered";
  const share = covered / total;
  return share < NOT_ANSWERED_BELOW ? "not_answered" : share < WEAK_BELOW ? "weak" : "answered";
}
