import "server-only";

// Topics a document can answer questions about, read from its own text: headings (short lines
// that end without punctuation) and the words and names it uses most, weighed against how common
// they are across the owner's passages.

const segmenter = new Intl.Segmenter("zh-Hant", { granularity: "word" });
const HAN = /^[\p{Script=Han}]+$/u;
const HAS_HAN = /\p{Script=Han}/u;
// Words made only of these say nothing about a topic.
const FUNCTION_CHARS = new Set([..."的了是在和與及或也都而之其於為以被把將就並等這那此個著嗎呢吧啊呀有我你他她它們一不上下中大小多少年月日時個位種些"]);
const ENGLISH_COMMON = new Set(
  "the a an and or but of to in on at by for with from as is are was were be been being this that these those it its their there which who whom what when where why how also more most other such than then into over after before under between during about against among within without can could would should may might must will shall not no one two three first second new".split(" "),
);
const HEADING_MAX_CJK = 24;
// Two-character words (世界, 比賽, 參加) are mostly too general to ask about; longer words and names
// are topics. A short word still counts when the document's opening sentence has it and it recurs.
const MIN_CJK_TERM = 3;
const SHORT_TERM_MIN_COUNT = 3;
// File names that are not titles: scan_001, IMG_2024, document (1), 新文件.
const UNTITLED = /^(?:scan|img|image|document|doc|file|untitled|new|新文件|未命名|文件)?[\s_\-()（）\d]*$/i;
const HEADING_MAX_LATIN = 70;
const TERMINAL = /[。！？；：:.!?;,，、」』）)]$/u;

export interface TopicSource {
  documentId: string;
  /** The document's file name: without its extension, often the best title there is. */
  documentName?: string;
  content: string;
}

export interface Topic {
  phrase: string;
  documentId: string;
  kind: "heading" | "term";
}

function headingsOf(content: string): string[] {
  return content
    .split(/\n+/)
    .map((line) => line.replace(/^\uFEFF/, "").trim().replace(/^#+\s*/, ""))
    .filter((line) => {
      if (line.length < 2 || TERMINAL.test(line) || /^\d+$/.test(line)) return false;
      // List items and "label: value" lines are content, not headings ("- 日期：2024 年 3 月 11 日").
      if (/^(?:[-*•+]|\d+[.)、])\s/.test(line) || /[:：]\s*\S/.test(line)) return false;
      return HAS_HAN.test(line) ? line.length <= HEADING_MAX_CJK : line.length <= HEADING_MAX_LATIN && line.split(/\s+/).length <= 8;
    });
}

function titleOf(documentName: string | undefined): string | null {
  if (!documentName) return null;
  const title = documentName.replace(/\.[a-z0-9]{1,5}$/i, "").replace(/[_]+/g, " ").trim();
  if (title.length < 2 || UNTITLED.test(title)) return null;
  return HAS_HAN.test(title) ? (title.length <= HEADING_MAX_CJK ? title : null) : title.length <= HEADING_MAX_LATIN ? title : null;
}

function termsOf(content: string): string[] {
  const out: string[] = [];
  for (const { segment, isWordLike } of segmenter.segment(content)) {
    if (!isWordLike || !HAN.test(segment) || segment.length < 2 || segment.length > 8) continue;
    if ([...segment].every((c) => FUNCTION_CHARS.has(c))) continue;
    out.push(segment);
  }
  // Names in Latin script: runs of capitalised words ("Taiwan High Speed Rail").
  for (const match of content.matchAll(/\b[A-Z][a-zA-Z]+(?:\s+(?:of\s+)?[A-Z][a-zA-Z]+){0,3}\b/g)) {
    // A sentence's first word is capitalised too: "The Amazon" is "Amazon".
    const phrase = match[0].replace(/^(?:The|A|An|In|On|At|By|For|From|This|These|Those|Its|Their)\s+/, "");
    if (!ENGLISH_COMMON.has(phrase.toLowerCase()) && phrase.length >= 4) out.push(phrase);
  }
  return out;
}

/**
 * Up to `limit` topics, taken in turn from each document so every document is represented:
 * headings first, then the terms with the highest frequency × rarity in that document.
 */
export function topicsOf(sources: readonly TopicSource[], limit: number, locale?: "zh-TW" | "en"): Topic[] {
  const perDocument = new Map<string, { title: string | null; headings: string[]; counts: Map<string, number>; opening: string }>();
  const passageFrequency = new Map<string, number>();
  for (const source of sources) {
    let entry = perDocument.get(source.documentId);
    if (!entry) perDocument.set(source.documentId, (entry = { title: titleOf(source.documentName), headings: [], counts: new Map(), opening: source.content.slice(0, 120) }));
    entry.headings.push(...headingsOf(source.content));
    const terms = termsOf(source.content);
    for (const term of terms) entry.counts.set(term, (entry.counts.get(term) ?? 0) + 1);
    for (const term of new Set(terms)) passageFrequency.set(term, (passageFrequency.get(term) ?? 0) + 1);
  }
  const total = sources.length;
  const ranked = [...perDocument.entries()].map(([documentId, entry]) => {
    const terms = [...entry.counts.entries()]
      .filter(([term, count]) => !HAN.test(term) || term.length >= MIN_CJK_TERM || (count >= SHORT_TERM_MIN_COUNT && entry.opening.includes(term)))
      // Once is chance (an idiom, a passing mention); a topic recurs.
      .filter(([, count]) => count >= 2)
      .map(([term, count]) => ({ term, score: count * Math.log(1 + total / (passageFrequency.get(term) ?? 1)) * Math.min(term.length, 6) }))
      .sort((a, b) => b.score - a.score)
      .map((t) => t.term);
    const seen = new Set<string>();
    const topics: Topic[] = [];
    for (const phrase of [...new Set([...(entry.title ? [entry.title] : []), ...entry.headings])].slice(0, 3)) {
      seen.add(phrase);
      topics.push({ phrase, documentId, kind: "heading" });
    }
    for (const term of terms) {
      // Skip a term inside a heading or a longer term already taken.
      if ([...seen].some((s) => s.includes(term) || term.includes(s))) continue;
      seen.add(term);
      topics.push({ phrase: term, documentId, kind: "term" });
    }
    // Topics in the reader's script first: an English reader asks about English names.
    if (locale) topics.sort((a, b) => Number(HAS_HAN.test(a.phrase) !== (locale === "zh-TW")) - Number(HAS_HAN.test(b.phrase) !== (locale === "zh-TW")));
    return topics;
  });
  const out: Topic[] = [];
  for (let round = 0; out.length < limit && ranked.some((list) => list.length > round); round++) {
    for (const list of ranked) if (list[round] && out.length < limit) out.push(list[round]);
  }
  return out;
}
