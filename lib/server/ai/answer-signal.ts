import "server-only";
import { tokenize } from "@/lib/server/ingest/tokenizer";
import { withoutConnectingWords } from "@/lib/server/ai/offline/connecting-words";

/** Whether a reply knew: answered from the documents, weakly, or not at all. */
export type AnswerSignal = "answered" | "weak" | "not_answered";

// The share of the question's weight (rare terms weigh more, a term no document holds the most)
// that the best passage holds. Measured with bench:answer-signal on every DRCD question
// and 4,000 SQuAD ones, each asked of the full library and of one lacking its document: below the
// lower bound 2.6 % (Chinese) and 2.1 % (English) of answerable questions fall, and 78 % and 68 %
// of those whose document is missing. Chinese and English need bounds of their own: a Chinese
// question is read as words and bigrams, an English one as stemmed words. Between the bounds the
// reply is marked weak rather than guessed either way.
const NOT_ANSWERED_BELOW = { cjk: 0.3, other: 0.4 };
const WEAK_BELOW = 0.6;

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const SINGLE_CJK = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]$/u;

/**
 * The question's terms worth weighing: not its asking words (什麼, 為什麼, 何年, how much: no
 * answer holds them), nor single Chinese characters, which say little on their own (the words and
 * bigrams they make say it).
 */
export function signalTerms(question: string): string[] {
  return [...new Set(tokenize(withoutConnectingWords(question)))].filter((term) => !SINGLE_CJK.test(term));
}

/**
 * The signal retrieval gives: how much of the question's weight the best passage holds. A term no
 * document holds weighs the most: the documents do not know what it names (a bigram of a name no
 * document has, once the asking words are out, is one of the strongest signs of that).
 */
export function retrievalSignal(input: { question: string; terms: readonly string[]; weights: readonly { weight: number }[]; bestPassage: string | null }): AnswerSignal {
  if (input.bestPassage === null) return "not_answered";
  const held = new Set(tokenize(input.bestPassage));
  let total = 0;
  let covered = 0;
  input.terms.forEach((term, i) => {
    const { weight } = input.weights[i];
    total += weight;
    if (held.has(term)) covered += weight;
  });
  if (total === 0) return "not_answered";
  const share = covered / total;
  const notAnsweredBelow = CJK.test(input.question) ? NOT_ANSWERED_BELOW.cjk : NOT_ANSWERED_BELOW.other;
  return share < notAnsweredBelow ? "not_answered" : share < WEAK_BELOW ? "weak" : "answered";
}
