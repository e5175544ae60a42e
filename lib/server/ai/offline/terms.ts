import "server-only";
import type { Locale } from "@/lib/constants";
import { splitSentences } from "./sentences";
import { ENGLISH_COMMON, HAN_WORD, isCodeToken, isMostlyLatin, occurrences } from "./text-shapes";

// The words and names a document's prose uses, as topics a question can name: Chinese nouns
// (not verbs, adverbs or units), English names, and for an English reader English noun phrases.

const segmenter = new Intl.Segmenter("zh-Hant", { granularity: "word" });
const HAN = /\p{Script=Han}/u;
// Words made only of these say nothing about a topic.
const FUNCTION_CHARS = new Set([..."的了是在和與及或也都而之其於為以被把將就並等這那此個著嗎呢吧啊呀有我你他她它們一不上下中大小多少年月日時個位種些"]);
// Words a topic is never: verbs, adverbs and connectives the segmenter keeps whole (導致, 通常,
// 也可以, 追溯到), and units (平方公里). 「文件提到導致的哪些內容？」 is no question.
const NOT_A_TOPIC_CHARS = /[也都而被把就並了嗎呢吧啊呀這那此]/u;
const VERB_ENDING = /[到為於得過著]$/u;
const NOT_A_TOPIC_START = /^[第以之於為被把將從對向往給由因所可能會要應該須曾已正仍便才亦均皆僅只更最很太非不沒無]/u;
const NOT_A_TOPIC = new Set(
  "認為 導致 分為 源於 通常 具備 併入 成為 包括 包含 位於 開始 進行 使用 發展 擁有 主要 其中 以及 因為 但是 可以 可能 需要 沒有 已經 一直 不同 相同 一些 一個 許多 大量 成立 建立 獲得 參加 舉行 提出 表示 稱為 作為 屬於 得到 出現 繼續 曾經 目前 現在 當時 後來 最後 首先 同時 此外 另外 甚至 例如 以上 以下 左右 方面 部分 問題 方式 情況 影響 進入 離開 成功 失敗 決定 採用 利用 組成 形成 產生 造成 提供 支持 反對 參與 負責 管理 控制 保持 增加 減少 達到 超過 相當 非常 十分 特別 一般 其他 各種 所有 時期 公元前 公元 世紀 年代 期間 時間 之間 之中 以來 以外 追溯 來自 稱作 包含 位置 地方 方向 原因 結果 過程 目的 重要 著名 大約 約為 宣布 宣佈 境內 境外 之後 之前 以後 以前 平方公里 公里 公尺 公頃 公斤 千米 平方米 萬人 億元 萬元 美元".split(" "),
);
// Capitalised words that are structure or calendar, not topics.
const NOT_A_NAME = new Set(
  "page pages table tables figure fig chapter section part appendix note notes example examples introduction contents version january february march april may june july august september october november december monday tuesday wednesday thursday friday saturday sunday".split(" "),
);
// Two-character words (世界, 比賽, 參加) are mostly too general to ask about; longer words and names
// are topics. A short word still counts when the document's opening sentence has it and it recurs,
// or when it runs through the passages (波蘭 in an article on Warsaw).
const MIN_CJK_TERM = 3;
const SHORT_TERM_MIN_COUNT = 3;
const SHORT_TERM_RECURRING = 5;

/**
 * The words (Chinese), names (capitalised runs) and, for an English reader, noun phrases of the
 * prose, once per use. `nounness` gathers, per word or phrase, the evidence that it names a thing
 * (the characters around a Chinese word, a determiner before a phrase, a capital mid-sentence).
 */
export function termsOf(prose: readonly string[], ordinaryWords: ReadonlySet<string>, locale: Locale, nounness: Map<string, number>): string[] {
  const out: string[] = [];
  for (const line of prose) {
    for (const sentence of splitSentences(line)) {
      const english = isMostlyLatin(sentence);
      // An English reader asks about English text only.
      if (locale === "en" && !english) continue;
      if (!english) {
        for (const { segment, index, isWordLike } of segmenter.segment(sentence)) {
          if (!isWordLike || !HAN_WORD.test(segment) || segment.length < 2 || segment.length > 8) continue;
          if ([...segment].every((c) => FUNCTION_CHARS.has(c)) || NOT_A_TOPIC.has(segment) || NOT_A_TOPIC_CHARS.test(segment) || VERB_ENDING.test(segment)) continue;
          if (segment[0] === "第" || (segment.length <= 3 && segment[0] === "一") || (segment.length === 2 && NOT_A_TOPIC_START.test(segment))) continue;
          if (segment.length === 2) nounness.set(segment, (nounness.get(segment) ?? 0) + nounEvidence(sentence[index - 1] ?? "", sentence[index + 2] ?? ""));
          out.push(segment);
        }
      }
      // An English reader also asks about the things English prose names in lowercase.
      if (english && locale === "en") out.push(...nounPhrasesOf(sentence, nounness));
      // Names in Latin script: runs of capitalised words ("Taiwan High Speed Rail").
      for (const match of sentence.matchAll(/(?<![\p{L}\d_/.-])\p{Lu}\p{L}+(?:\s+(?:of\s+)?\p{Lu}\p{L}+){0,3}(?![\p{L}\d_/-])/gu)) {
        // A sentence's first word is capitalised too: "The Amazon" is "Amazon".
        const phrase = match[0].replace(/^(?:The|A|An|In|On|At|By|For|From|This|These|Those|Its|Their)\s+/, "");
        const words = phrase.split(/\s+/);
        if (ENGLISH_COMMON.has(phrase.toLowerCase()) || phrase.length < 3 || words.some((w) => NOT_A_NAME.has(w.toLowerCase()) || isCodeToken(w))) continue;
        // A lone capitalised word the text also writes in lowercase is an ordinary word at the
        // start of a sentence (Frequently, Applications), or shouted (MUST, NOT, MUST NOT).
        if (words.every((w) => ordinaryWords.has(w.toLowerCase()) || ENGLISH_COMMON.has(w.toLowerCase()))) continue;
        // A name is capitalised inside a sentence too; a word met only at a sentence's start
        // (Otherwise, Implementations) is an ordinary one.
        if (words.length === 1 && /\p{L}/u.test(sentence.slice(0, match.index))) nounness.set(phrase, (nounness.get(phrase) ?? 0) + 1);
        out.push(phrase);
      }
    }
  }
  return out;
}

// Words that open a noun phrase ("the cache file", "every widget type").
const DETERMINERS = new Set("the a an each every any all no this that these those its their his her our your of for in on to with from by".split(" "));
// Words no noun phrase is made of.
const NOT_IN_PHRASE = new Set(
  "has have had do does did not only also very just such same own so too can will would should could may might must shall used using based called known given shown following example examples other others many much few several various different new old important possible general particular specific certain main major large small high low good best better first last next previous single multiple whole entire common usual normal simple correct full early late largest biggest oldest one two three four five six seven eight nine ten hundred thousand million billion".split(" "),
);

/**
 * Two-word noun phrases of an English sentence ("cache file", "glob patterns"): two content words
 * side by side. Each use after a determiner counts towards the phrase being a thing (in
 * `determined`); a topic needs one, so "registry records" (a verb) stays out.
 */
function nounPhrasesOf(sentence: string, determined: Map<string, number>): string[] {
  const out: string[] = [];
  const tokens = sentence.split(/([^\p{L}'-]+)/u);
  const word = (i: number) => (i >= 0 && i < tokens.length && /^[a-z][a-z-]{2,}$/.test(tokens[i]) ? tokens[i] : null);
  const joined = (i: number) => i >= 0 && i < tokens.length && /^ +$/.test(tokens[i]);
  const content = (w: string | null) => w !== null && !ENGLISH_COMMON.has(w) && !NOT_IN_PHRASE.has(w) && !/(?:ly|ing)$/.test(w);
  for (let i = 0; i + 2 < tokens.length; i += 2) {
    const first = word(i);
    const second = word(i + 2);
    if (!content(first) || !content(second) || !joined(i + 1)) continue;
    const phrase = `${first} ${second}`;
    out.push(phrase);
    const before = joined(i - 1) ? tokens[i - 2]?.toLowerCase() : undefined;
    if (before && DETERMINERS.has(before)) determined.set(phrase, (determined.get(phrase) ?? 0) + 1);
  }
  return out;
}

/**
 * For each lone capitalised word of a text, whether it names something rather than describes or
 * starts a longer name: "French government", "Islamic world" and "John D. Rockefeller" give no
 * topic of their own. Counted in one pass over the text.
 */
function lonelyNames(text: string): (word: string) => boolean {
  const uses = new Map<string, { all: number; attached: number }>();
  for (const match of text.matchAll(/(?<!\p{L})(\p{Lu}\p{L}+)(?!\p{L})(?=(?:\s+(\p{L}+\.?))?)/gu)) {
    const entry = uses.get(match[1]) ?? { all: 0, attached: 0 };
    entry.all++;
    const next = match[2];
    if (next && (/^\p{Lu}\.?$/u.test(next) || /^\p{Lu}\p{Ll}/u.test(next) || (/^\p{Ll}/u.test(next) && !ENGLISH_COMMON.has(next.replace(/\.$/, ""))))) entry.attached++;
    uses.set(match[1], entry);
  }
  return (word) => {
    const entry = uses.get(word);
    return entry === undefined || entry.attached * 2 <= entry.all;
  };
}

// What stands around a noun (的X, 在X, X的, X、) and around a verb (不X, 已X, X了, X出).
const NOUN_BEFORE = new Set([..."的在於從對與和及、向將把被給"]);
const NOUN_AFTER = new Set([..."的之是、和與及等"]);
const VERB_BEFORE = new Set([..."不沒未已曾會能可要應再都也就並正仍又才"]);
const VERB_AFTER = new Set([..."了過著出到起"]);

/**
 * How much one use of a two-character word reads as a thing rather than an action: 服務 in
 * Web服務的成功, not 推出 in 推出了. The dictionary gives no parts of speech; the characters around
 * the word do. A word whose uses sum below zero is an action.
 */
function nounEvidence(before: string, after: string): number {
  return Number(NOUN_BEFORE.has(before) || NOUN_AFTER.has(after)) - Number(VERB_BEFORE.has(before) || VERB_AFTER.has(after));
}

/**
 * A lowercase noun phrase as a question can name it: "the cache file" when the text says so,
 * "glob patterns" in the plural, never a bare singular ("about widget type"). Null when it is
 * not used as a thing.
 */
function commonNounPhrase(phrase: string, text: string, determined: ReadonlyMap<string, number>): string | null {
  if ((determined.get(phrase) ?? 0) === 0) return null;
  const withThe = withArticle(phrase, text);
  if (withThe !== phrase) return withThe;
  if (/[^s]s$/.test(phrase)) return phrase;
  return text.includes(`${phrase}s`) ? `${phrase}s` : null;
}

/** "the United States", "the Sinai Peninsula": the article the text puts before most mentions. */
function withArticle(name: string, text: string): string {
  const all = occurrences(text, name);
  const after = occurrences(text, `the ${name}`) + occurrences(text, `The ${name}`);
  return all > 0 && after * 2 > all ? `the ${name}` : name;
}

/**
 * The document's terms as a question names them ("the Sinai Peninsula", "glob patterns"), best
 * first: frequency × rarity across the passages, Chinese before English for a Chinese reader.
 * Lazily, so a caller that has enough stops the work.
 */
export function* termPhrases(input: {
  terms: readonly string[];
  /** In how many passages each term occurs, and how many there are. */
  passageFrequency: ReadonlyMap<string, number>;
  passages: number;
  /** The start of the document's prose. */
  opening: string;
  text: string;
  /** What termsOf learnt about each word or phrase being a thing. */
  nounness: ReadonlyMap<string, number>;
  locale: Locale;
}): Generator<string> {
  const { text, nounness, locale } = input;
  const counts = new Map<string, number>();
  for (const term of input.terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  const ordered = [...counts.entries()]
    .filter(([term, count]) => !HAN_WORD.test(term) || term.length >= MIN_CJK_TERM || (count >= SHORT_TERM_MIN_COUNT && input.opening.includes(term)) || count >= SHORT_TERM_RECURRING)
    // Once is chance (an idiom, a passing mention); a topic recurs.
    .filter(([, count]) => count >= 2)
    .map(([term, count]) => ({ term, score: count * Math.log(1 + input.passages / (input.passageFrequency.get(term) ?? 1)) * Math.min(term.length, 6) }))
    .sort((a, b) => b.score - a.score)
    .map((t) => t.term);
  // Chinese names before English ones for a Chinese reader.
  if (locale === "zh-TW") ordered.sort((a, b) => Number(!HAN.test(a)) - Number(!HAN.test(b)));
  let standsAlone: ((word: string) => boolean) | undefined;
  for (const term of ordered) {
    if (!HAN.test(term) && !/\s/.test(term) && ((nounness.get(term) ?? 0) === 0 || !(standsAlone ??= lonelyNames(text))(term))) continue;
    if (HAN_WORD.test(term) && term.length === 2 && (nounness.get(term) ?? 0) < 0) continue;
    if (HAN_WORD.test(term) && term.length === 2) {
      // The segmenter's dictionary lacks many names and cuts them short (銅鑼|灣, 跑馬|地): a word
      // the text nearly always writes with the same character after or before it is part of a
      // longer one, asked about whole or not at all (「文件中如何說明銅鑼？」 is no question).
      const whole = wholeWordOf(term, text);
      if (whole !== term) {
        if (!ordered.includes(whole)) yield whole;
        continue;
      }
    }
    if (/^\p{Ll}/u.test(term)) {
      const phrase = commonNounPhrase(term, text, nounness);
      if (phrase) yield phrase;
      continue;
    }
    yield locale === "en" ? withArticle(term, text) : term;
  }
}

// A two-character word is part of a longer one when at least this share of its uses has the same
// Han character beside it.
const PART_OF_LONGER = 0.75;

/**
 * `word` as the text writes it whole: the longer word it is nearly always part of (銅鑼 → 銅鑼灣),
 * else the word itself.
 */
function wholeWordOf(word: string, text: string): string {
  const after = new Map<string, number>();
  const before = new Map<string, number>();
  let uses = 0;
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + word.length)) {
    uses++;
    const next = text[at + word.length] ?? "";
    const previous = at > 0 ? text[at - 1] : "";
    if (HAN.test(next) && !FUNCTION_CHARS.has(next)) after.set(next, (after.get(next) ?? 0) + 1);
    if (HAN.test(previous) && !FUNCTION_CHARS.has(previous)) before.set(previous, (before.get(previous) ?? 0) + 1);
  }
  if (uses < 2) return word;
  const [nextChar, nextCount] = [...after].sort((a, b) => b[1] - a[1])[0] ?? ["", 0];
  if (nextCount >= uses * PART_OF_LONGER) return word + nextChar;
  const [previousChar, previousCount] = [...before].sort((a, b) => b[1] - a[1])[0] ?? ["", 0];
  if (previousCount >= uses * PART_OF_LONGER) return previousChar + word;
  return word;
}
