import "server-only";

// What kind of answer a question asks for, and whether a sentence holds one: a question asking
// when wants a date, how many wants a figure, who (in English) wants a name. (幾乎 is "almost",
// 幾何 "geometry", and 許多高校 "many universities": none asks for a figure.) Word overlap cannot
// see this: the answering sentence often shares fewer of the question's words than one that
// merely repeats its topic.

export type Wanted = "time" | "number" | "name";

const ASKS_TIME = /何時|何时|什麼時候|甚麼時候|什么时候|哪一?年|何年|哪個年代|哪个年代|哪一?天|幾月|几月|哪個月|哪个月|日期|年份|\bwhen\b|\bwhat (?:year|century|decade|date|day|month|time period|era)\b|\bwhich (?:year|century|decade|date|day|month)\b|\bhow long ago\b/iu;
const ASKS_NUMBER = /多少|[幾几](?![乎何])|(?<![許许很眾众諸诸更較较最太過过])多[大長长高重遠远深久寬宽快]|百分之|比例|第幾|\bhow (?:many|much|long|far|old|large|big|tall|high|deep|wide|often|fast)\b|\bwhat (?:percentage|percent|number|amount|size|proportion|fraction|rate)\b/iu;
const ASKS_NAME = /\bwho(?:m|se)?\b|\bwhere\b|\b(?:what|which) (?:person|people|man|woman|company|companies|team|city|cities|country|countries|nation|state|region|group|organization|university|school|player|king|queen|president|leader|network|river|mountain|island|language|religion|party|band|album|film|movie|book|series|show|award|church|dynasty|empire|tribe|family|scientist|author|writer|artist)\b/iu;

/** The kind of answer the question asks for, if it says. */
export function wantedBy(question: string): Wanted | null {
  if (ASKS_TIME.test(question)) return "time";
  if (ASKS_NUMBER.test(question)) return "number";
  if (ASKS_NAME.test(question)) return "name";
  return null;
}

const DATE = /\d{1,4}\s*(?:年|月|日|世紀|世纪|年代)|[〇零一二三四五六七八九十百千]{2,}\s*年|[一二三四五六七八九十]+世[紀纪]|西元|公元|民國|\b(?:1\d{3}|20\d{2})s?\b|\b\d{1,2}(?:st|nd|rd|th)[- ]century\b|\b(?:January|February|March|April|May|June|July|August|September|October|November|December)\b|\b(?:BC|AD|BCE|CE)\b/u;
const COUNT = /[零〇一二兩两三四五六七八九十百千萬万億亿]+(?:多|餘|余)?(?:[個个位名次種种座條条項项件倍歲岁人年天日月週周米元株架艘所間间家篇部場场屆届]|公[里尺斤頃顷]|小時|小时|分鐘|分钟)|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|million|billion|trillion|dozen|half)\b/iu;
const DIGITS = /\d+(?:[.,]\d+)*/g;
// A capitalised word not at the start of the sentence: a name in English text.
const NAME = /(?<=[^\s.!?"“(]\s+|\(|“)\p{Lu}[\p{L}'’.-]+/gu;

/** Whether a text holds a figure: digits, or a count in Chinese numerals (三十日, 七座). */
export function holdsFigures(text: string): boolean {
  return /\d/.test(text) || COUNT.test(text);
}

/** What a sentence offers in answer to each kind of question; worked out once per sentence. */
export interface SentenceCues {
  date: boolean;
  count: boolean;
  numbers: readonly string[];
  /** Lower-cased, as the question is compared. */
  names: readonly string[];
}

export function cuesOf(sentence: string): SentenceCues {
  return {
    date: DATE.test(sentence),
    count: COUNT.test(sentence),
    numbers: sentence.match(DIGITS) ?? [],
    names: (sentence.match(NAME) ?? []).map((name) => name.toLowerCase()),
  };
}

/**
 * Whether the sentence offers what the question wants, something the question does not already
 * say (the year a question names is not its answer).
 */
export function offers(cues: SentenceCues, wanted: Wanted, questionLower: string): boolean {
  const fresh = (value: string) => !questionLower.includes(value);
  if (wanted === "name") return cues.names.some(fresh);
  const newNumber = cues.numbers.some(fresh);
  if (wanted === "time") return cues.date && (newNumber || !/\d/.test(questionLower));
  return newNumber || cues.count;
}
