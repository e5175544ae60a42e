import "server-only";
import { tokenize } from "@/lib/server/ingest/tokenizer";

/** Whether a reply knew: answered from the documents, weakly, or not at all. */
export type AnswerSignal = "answered" | "weak" | "not_answered";

/** A term of the question, and whether it is a word of its own (not a bigram across two words). */
export interface SignalTerm {
  term: string;
  word: boolean;
}

// Measured with bench:answers (its answerSignal figures) on DRCD and SQuAD: the share of the
// question's weight (rare terms weigh more) that the best passage holds. Questions asked of a
// library lacking their document mostly fall under the lower bound, questions of the full library
// mostly over the upper one; in between the reply is marked weak rather than guessed either way.
const NOT_ANSWERED_BELOW = 0.35;
const WEAK_BELOW = 0.6;

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const SINGLE_CJK = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]$/u;
const segmenter = new Intl.Segmenter("zh-Hant", { granularity: "word" });

/**
 * The question's terms worth weighing: single Chinese characters say little on their own (the
 * words and bigrams they make say it). A Chinese term is a word when the segmenter finds it as one.
 */
export function signalTerms(question: string): SignalTerm[] {
  const words = new Set([...segmenter.segment(question)].filter((s) => s.isWordLike).map((s) => s.segment));
  return [...new Set(tokenize(question))].filter((term) => !SINGLE_CJK.test(term)).map((term) => ({ term, word: !CJK.test(term) || words.has(term) }));
}

/**
 * The signal retrieval gives: how much of the question's weight the best passage holds. A word
 * no document holds weighs the most (the documents do not know what it names); a stray bigram no
 * document holds is left out.
 */
export function retrievalSignal(input: { terms: readonly SignalTerm[]; weights: readonly { weight: number; known: boolean }[]; bestPassage: string | null }): AnswerSignal {
  if (input.bestPassage === null) return "not_answered";
  const held = new Set(tokenize(input.bestPassage));
  let total = 0;
  let covered = 0;
  input.terms.forEach(({ term, word }, i) => {
    const { weight, known } = input.weights[i];
    if (!known && !word) return;
    total += weight;
    if (held.has(term)) covered += weight;
  });
  if (total === 0) return "not_answered";
  const share = covered / total;
  return share < NOT_ANSWERED_BELOW ? "not_answered" : share < WEAK_BELOW ? "weak" : "answered";
}
