import "server-only";
import type { PageUnit } from "@/lib/chat/page-unit";
import { tokenize } from "@/lib/server/ingest/tokenizer";
import { cuesAt, sentencesOf, type PassageSentences } from "./passage-sentences";
import { offers, wantedBy, type Wanted } from "./question-cues";
import { withoutConnectingWords } from "./connecting-words";
import { refersBackToAsked } from "./refers-back";
import { questionLanguage } from "./text-shapes";

export interface OfflinePassage {
  /** The citation number the reply uses, [n]. */
  n: number;
  documentName: string;
  /** What its pages are: pages, a workbook's sheets, a deck's slides. */
  unit?: PageUnit;
  page: number | null;
  /** The last page the passage reaches, when it runs over a page break. */
  pageEnd?: number | null;
  /** Where in the content each page after the first begins (lib/server/ingest/page-breaks.ts). */
  pageBreaks?: readonly number[] | null;
  content: string;
}

export interface Candidate {
  passage: OfflinePassage;
  rank: number;
  /** The passage's sentences, with where each is and what it is. */
  read: PassageSentences;
  /** The best sentence. */
  index: number;
  /** The sentences to quote, first to last: the best one with the neighbours that complete it. */
  from: number;
  to: number;
  score: number;
  /** Set on the sentences just before the first excerpt, quoted after it because it refers back to them. */
  before?: boolean;
}

export interface SentenceMatch {
  /** The excerpts to quote, best first. */
  quotes: Candidate[];
  /** Whether the best sentence holds a fair share of the question's words (see coverage()). */
  confident: boolean;
  /**
   * Whether it holds at least some of them: a reply quoting it may say it is the closest the
   * documents come, but not that they hold no answer.
   */
  related: boolean;
}

// The passages a reply draws on, and how many excerpts it quotes. Passages are ranked by
// retrieval; a lower-ranked passage needs a clearly better sentence. Further excerpts must score
// close to the best: from a passage not quoted yet, or a part of a quoted passage away from its
// excerpt. Measured with bench:answers (DRCD and SQuAD, on questions outside the reported runs):
// a third excerpt, and a second from the same passage, catch answers the first excerpt sits next
// to without holding, for a reply about a fifth longer in Chinese and as long in English.
const CANDIDATE_PASSAGES = 3;
const MAX_QUOTES = 3;
const RANK_DISCOUNT = 0.2;
const OTHER_PASSAGE_MIN_SHARE = 0.4;
const SAME_PASSAGE_MIN_SHARE = 0.5;
// What counts besides a sentence's own share of the question's words: those of the heading it
// comes under, those of its neighbours (the answer is often one sentence away from the words the
// question repeats), and holding the kind of answer asked for.
const HEADING_SHARE = 0.5;
const NEIGHBOUR_SHARE = 0.3;
const WANTED_BONUS = 0.3;
// Measured on DRCD (bench:answers) and on off-topic questions against the same documents.
const MIN_COVERAGE_TO_QUOTE = 0.1;
const MIN_WORD_COVERAGE_TO_ASSERT = 0.3;
// Below this share of the question's words, the reply says the documents may not answer. Above it
// DRCD and SQuAD questions quoted with the answer are told so under 1.3 % of the time (with 0.3,
// one in six), while another question's passages pass it one time in 15 (zh) to 5 (en): those
// replies say only that the quote is the closest the documents come. So does one holding this
// share of the question's words counted evenly (DRCD "not found" openings 1.11 % → 0.99 %).
const MIN_WORD_COVERAGE_TO_RELATE = 0.1;
const MIN_EVEN_COVERAGE_TO_RELATE = 0.3;

// Words about the asking, not the topic ("what do the documents say about X", 文件中如何說明X): they
// are in the question but never in the answer, so they are left out when matching sentences.
const QUESTION_FRAME =
  /文件中|這些文件|這份文件|文件|如何說明|說明|有哪些|哪些|重要資訊|資訊|重點|主要內容|內容|提到|關於|請問|請|what do the documents say about|what should i know about|what is said about|what are the key points of|the documents?|tell me about/giu;

// A sentence that refers back to the one before it (它們…, 這項制度…, However, …) says little
// without it.
const LEANS_BACK =
  /^(?:[它他她牠][們们]?|其|此|這|这|該|该|那[些個个]|此外|另外|但|然而|而且?|因此|所以|因而|於是|于是|同時|同时|並且?|并且?|後來|后来|之後|之后|其後|其后|隨後|随后|同年|次年|翌年|當時|当时|不過|不过|可是|甚至|尤其|(?:it|its|they|their|them|this|these|that|those|he|she|his|her|however|but|also|thus|therefore|then|such|in addition|as a result|the latter|the former)\b)|[這这該该此][項项個个些種种位次段]|上述/iu;

const EMPTY: ReadonlySet<string> = new Set();
const SINGLE_CJK = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]$/u;

interface Query {
  terms: readonly string[];
  weights: readonly number[];
  wanted: Wanted | null;
  lower: string;
}

/**
 * The sentences of the retrieved passages that best answer a question: those sharing the most (and
 * the rarest) terms with it, counting for less those of the heading they come under and of their
 * neighbours, favouring one that holds the kind of answer asked for (a date for when, a figure for
 * how many). A heading is never the answer. Each comes with the neighbours that complete it. Null
 * when no sentence shares enough to be worth quoting.
 */
export function matchSentences(question: string, passages: readonly OfflinePassage[]): SentenceMatch | null {
  const topic = withoutConnectingWords(question.replace(QUESTION_FRAME, " "));
  const queryTerms = [...new Set(tokenize(topic.trim() === "" ? question : topic))];
  const chosen = passages.slice(0, CANDIDATE_PASSAGES);
  const split = chosen.map((passage) => sentencesOf(passage.content, passage.pageBreaks ?? null));
  const total = split.reduce((sum, passage) => sum + passage.sentences.length, 0);
  if (queryTerms.length === 0 || total === 0) return null;

  // Inverse document frequency over the candidate sentences: a term every sentence shares
  // (the topic's name) says less about where the answer is than one only a few share. Worked
  // out per question term (a handful) rather than per sentence term (thousands): this runs for
  // every answer. Which sentence holds which term is noted on the way, so scoring a sentence
  // with its heading and neighbours reads a table instead of looking terms up again.
  const holds = new Uint8Array(queryTerms.length * total);
  const weights = queryTerms.map((term, q) => {
    let frequency = 0;
    let g = q * total;
    for (const passage of split) {
      for (const terms of passage.terms) {
        if (terms.has(term)) {
          holds[g] = 1;
          frequency++;
        }
        g++;
      }
    }
    return Math.log(1 + (total - frequency + 0.5) / (frequency + 0.5));
  });
  const query: Query = { terms: queryTerms, weights, wanted: wantedBy(question), lower: question.toLowerCase() };

  // Each candidate sentence by its place in the passages taken in rank order.
  const scores = new Float64Array(total);
  const places: { rank: number; index: number }[] = [];
  split.forEach((read, rank) => {
    const first = places.length;
    for (let index = 0; index < read.sentences.length; index++) {
      scores[places.length] = sentenceScore(read, index, first, query, holds, total) * (1 - RANK_DISCOUNT * rank);
      places.push({ rank, index });
    }
  });
  // Best first; equal scores keep the passages' order.
  const ranked = Array.from({ length: total }, (_, k) => k).sort((a, b) => scores[b] - scores[a] || a - b);
  const best = ranked[0];
  // Sharing a character or two with the question ("分" of 成分 in 分開) is no answer; sharing its
  // words is. In between the reply still quotes (the answer is often there in other words) but
  // says it is not sure. A sentence's heading counts towards what it covers.
  const covered = (k: number, wordsOnly: boolean, evenly = false) => {
    const { rank, index } = places[k];
    const read = split[rank];
    return coverage(read.terms[index], read.headingOf[index] >= 0 ? read.terms[read.headingOf[index]] : EMPTY, query, wordsOnly, evenly);
  };
  if (scores[best] <= 0 || covered(best, false) < MIN_COVERAGE_TO_QUOTE) return null;
  const wordCoverage = covered(best, true);
  const evenCoverage = covered(best, true, true);
  // Weighed by rarity among the passages, the topic's own name (華沙 in every sentence about
  // Warsaw) counts for nothing; counted evenly, a sentence holding it and the thing asked about
  // (氣候) is plainly related.
  const related = wordCoverage >= MIN_WORD_COVERAGE_TO_RELATE || evenCoverage >= MIN_EVEN_COVERAGE_TO_RELATE;

  const { rank: bestRank, index: bestIndex } = places[best];
  // Both rules below are for Chinese questions: on SQuAD each cost English a little
  // (first sentence .714 → .713 / .714 over 4,000 questions), on DRCD each gained a little.
  const chinese = questionLanguage(question) === "zh-TW";
  const pointsBack = chinese && inParagraph(split[bestRank], bestIndex, bestIndex - 1) && refersBackToAsked(question, split[bestRank].sentences[bestIndex]);
  const candidateAt = (k: number, first: boolean): Candidate => {
    const { rank, index } = places[k];
    const read = split[rank];
    const [from, to] = extent(read, index, query, first, first && pointsBack);
    return { passage: chosen[rank], rank, read, index, from, to, score: scores[k] };
  };
  // The answer first: the sentence before the best one, when it is needed to follow it, is quoted
  // after it as an excerpt of its own. DRCD and SQuAD answers are in the best sentence five to ten
  // times as often as in the one before (bench:answers, first quoted sentence).
  const first = candidateAt(best, true);
  // A clause after a semicolon is quoted from its sentence's start: DRCD's answers are often in
  // the clause before the one that repeats the question's words.
  const start = clauseStart(first.read, first.index);
  // Unless the best sentence points back at the very thing asked for (這張專輯 for 哪一張專輯): the
  // answer is then in the one before, and the excerpt reads on from it.
  // So does the first sentence taken in before it when it holds the kind of answer asked for (a
  // date, a figure) and the best one does not (DRCD first sentence .8459 → .8465).
  const offersAt = (j: number) => query.wanted !== null && offers(cuesAt(first.read, j), query.wanted, query.lower);
  const wantedBefore = chinese && !pointsBack && first.from < first.index && !offersAt(first.index) && offersAt(first.from);
  const readsOnFromBefore = pointsBack || wantedBefore;
  // The other way round: when the sentence after the best one refers back to it (這個狀態…,
  // 此獎項…) and holds the kind of answer asked for that the best one lacks, it is the answer: it
  // opens the reply, and the best one follows as what comes before it (DRCD .8465 → .847).
  const next = first.index + 1;
  const answerFollows =
    chinese && !readsOnFromBefore && first.to >= next && !offersAt(first.index) && offersAt(next) && LEANS_BACK.test(first.read.sentences[next]);
  const quotes = answerFollows
    ? [{ ...first, index: next, from: next, to: first.to }, { ...first, from: Math.min(first.from, start), to: first.index, before: true }]
    : [{ ...first, from: readsOnFromBefore ? Math.min(first.from, start) : start }];
  if (!answerFollows && !readsOnFromBefore && first.from < start) quotes.push({ ...first, index: first.from, to: start - 1, before: true });
  for (let r = 1; r < total && quotes.length < MAX_QUOTES; r++) {
    const k = ranked[r];
    if (scores[k] <= 0 || scores[k] < scores[best] * OTHER_PASSAGE_MIN_SHARE) break;
    const { rank, index } = places[k];
    const sameSource = quotes.filter((q) => q.rank === rank);
    // Most sentences close to the best score sit inside or beside an excerpt already taken:
    // passed over before working out their own excerpt (this runs for every answer).
    if (sameSource.length > 0 && (scores[k] < scores[best] * SAME_PASSAGE_MIN_SHARE || sameSource.some((q) => index >= q.from - 1 && index <= q.to + 1))) continue;
    const next = candidateAt(k, false);
    if (sameSource.every((q) => next.to < q.from - 1 || next.from > q.to + 1)) quotes.push(next);
  }
  return { quotes, confident: wordCoverage >= MIN_WORD_COVERAGE_TO_ASSERT, related };
}

/**
 * A sentence's score: the weight of the question's terms it holds, then for less those its heading
 * or (in its paragraph) its neighbours hold instead, more when it offers the kind of answer asked
 * for. `first` is where the passage's sentences start among all candidates, the columns of `holds`.
 */
function sentenceScore(read: PassageSentences, index: number, first: number, query: Query, holds: Uint8Array, total: number): number {
  if (read.headings[index]) return 0;
  const at = first + index;
  const heading = read.headingOf[index] >= 0 ? first + read.headingOf[index] : -1;
  const before = inParagraph(read, index, index - 1) ? at - 1 : -1;
  const after = inParagraph(read, index, index + 1) ? at + 1 : -1;
  let own = 0;
  let fromHeading = 0;
  let nearby = 0;
  for (let q = 0, row = 0; q < query.terms.length; q++, row += total) {
    if (holds[row + at]) own += query.weights[q];
    else if (heading >= 0 && holds[row + heading]) fromHeading += query.weights[q];
    else if ((before >= 0 && holds[row + before]) || (after >= 0 && holds[row + after])) nearby += query.weights[q];
  }
  // A sentence sharing nothing with the question may still answer it through its heading (asked
  // about 退票規定, the text under that heading); never through its neighbours alone.
  if (own <= 0 && fromHeading <= 0) return 0;
  const score = own + HEADING_SHARE * fromHeading + NEIGHBOUR_SHARE * nearby;
  return query.wanted && offers(cuesAt(read, index), query.wanted, query.lower) ? score * (1 + WANTED_BONUS) : score;
}

/**
 * Where the sentence holding sentence i begins: a clause after a semicolon (；) is one of the
 * clauses before it, which a reader takes in with it.
 */
function clauseStart(read: PassageSentences, i: number): number {
  let j = i;
  while (j > 0 && inParagraph(read, i, j - 1) && !read.tableRow[j - 1] && /[；;]$/u.test(read.sentences[j - 1])) j--;
  return j;
}

/** Whether sentence j is one of sentence i's paragraph that may be quoted with it (not a heading). */
function inParagraph(read: PassageSentences, i: number, j: number): boolean {
  return j >= 0 && j < read.sentences.length && read.paragraphs[j] === read.paragraphs[i] && !read.headings[j];
}

/**
 * Which sentences around the best one to quote. The next one, for the first excerpt (it often
 * finishes the thought); the one before when the best refers back to it; and up to two on either
 * side that complete the excerpt: holding words of the question it lacks, or the kind of answer
 * asked for when the best sentence has none. Without the one before, DRCD loses a point and a
 * half: its questions often restate one sentence and ask about the one before.
 */
function extent(read: PassageSentences, index: number, query: Query, first: boolean, pointsBack = false): [number, number] {
  const have = new Set<string>();
  const take = (j: number) => {
    for (const term of query.terms) if (read.terms[j].has(term)) have.add(term);
  };
  const offersWanted = (j: number) => query.wanted !== null && offers(cuesAt(read, j), query.wanted, query.lower);
  const bestOffers = offersWanted(index);
  const completes = (j: number) => query.terms.some((term) => !have.has(term) && read.terms[j].has(term)) || (!bestOffers && offersWanted(j));
  take(index);
  let from = index;
  let to = index;
  if (inParagraph(read, index, index - 1) && (pointsBack || LEANS_BACK.test(read.sentences[index]) || completes(index - 1))) take((from = index - 1));
  // A table's next row is another record, not the rest of this one's thought.
  const row = read.tableRow[index];
  if (inParagraph(read, index, index + 1) && ((first && !row) || completes(index + 1))) take((to = index + 1));
  if (to === index + 1 && inParagraph(read, index, index + 2) && completes(index + 2)) take((to = index + 2));
  if (from === index - 1 && inParagraph(read, index, index - 2) && completes(index - 2)) take((from = index - 2));
  return [from, to];
}

/**
 * How much of the question a sentence covers: the weight of the question's terms it (or its
 * heading) contains over the weight of all of them (a term no candidate has weighs most). With
 * `wordsOnly`, single Chinese characters are left out: sharing 麵 with 麵包 says nothing about 義大利麵.
 */
function coverage(terms: ReadonlySet<string>, heading: ReadonlySet<string>, query: Query, wordsOnly: boolean, evenly = false): number {
  const hasWords = wordsOnly && query.terms.some((t) => !SINGLE_CJK.test(t));
  let all = 0;
  let matched = 0;
  query.terms.forEach((term, i) => {
    if (hasWords && SINGLE_CJK.test(term)) return;
    const weight = evenly ? 1 : query.weights[i];
    all += weight;
    if (terms.has(term) || heading.has(term)) matched += weight;
  });
  return all > 0 ? matched / all : 0;
}
