import "server-only";
import type { Locale } from "@/lib/constants";
import { pagesOfSpan, type PageRange } from "@/lib/server/ingest/page-breaks";
import { matchSentences, type Candidate, type OfflinePassage } from "./match-sentences";
import { isTableRow } from "@/lib/chat/markdown-table";
import { readRow } from "./table-rows";
import { pageUnitOf, type PageUnit } from "@/lib/chat/page-unit";
import { documentsLanguage, languageOfNames, questionsInLanguage } from "./other-language";
import { hasHan } from "./text-shapes";

export { matchSentences, type Candidate, type OfflinePassage, type SentenceMatch } from "./match-sentences";
export { SENTENCE_CACHE_LIMIT, sentenceCacheSize } from "./passage-sentences";

/** Retrieved passages numbered for citation, [1] first. */
export function toOfflinePassages(
  passages: readonly { documentName: string; documentKind?: string; page: number | null; pageEnd: number | null; pageBreaks?: readonly number[] | null; content: string }[],
): OfflinePassage[] {
  return passages.map((p, i) => ({ n: i + 1, documentName: p.documentName, unit: pageUnitOf(p.documentKind), page: p.page, pageEnd: p.pageEnd, pageBreaks: p.pageBreaks ?? null, content: p.content }));
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

const GREETING = /^(?:你好|您好|哈囉|嗨|早安|午安|晚安|hi|hello|hey|good (?:morning|afternoon|evening))(?=$|[\s,，!！.。?？~])|^(?:你|妳|您)是誰|^(?:你|妳|您)(?:能|可以|會)(?:做|幫)|^who are you|^what (?:can|do) you do/iu;

// Worded for whoever asks: the owner in their workspace and a stranger on a shared link alike
// (the documents are not the visitor's).
const TEXT = {
  "zh-TW": {
    lead: "根據文件，最相關的內容如下：",
    unsure: "文件中沒有找到直接的答案，以下內容可能相關：",
    closest: "文件中與這個問題最接近的內容如下：",
    more: "另一段相關內容：",
    before: "它的前文：",
    page: (from: number, to: number, unit: PageUnit) => {
      const [before, after] = unit === "sheet" ? ["工作表 ", ""] : unit === "slide" ? ["投影片 ", ""] : ["第 ", " 頁"];
      return from === to ? `${before}${from}${after}` : `${before}${from}–${to}${after}`;
    },
    nothing: "在目前的文件中找不到與這個問題直接相關的內容。",
    tryTopics: (names: string) => `您可以試著詢問這些文件的內容：${names}。`,
    noDocuments: "目前還沒有可以參考的文件。請先上傳文件，處理完成後我就能根據內容回答。",
    hello: (name: string) => `您好，我是${name}。`,
    role: (role: string) => `我的角色：${role}`,
    offer: "請問我關於這些文件的任何問題，我會引用文件內容並註明出處。",
    offline: "（離線模式：回覆直接摘錄自文件內容）",
    otherLanguage: "這些文件是以英文撰寫的，離線模式只能以文件的語言比對問題，所以用中文提問找不到答案。請試著用英文提問，例如：",
  },
  en: {
    lead: "Here is what the documents say about this:",
    unsure: "The documents do not answer this directly; this may be related:",
    closest: "This is the closest the documents come to it:",
    more: "Also relevant:",
    before: "What comes just before it:",
    page: (from: number, to: number, unit: PageUnit) => (from === to ? `${unit} ${from}` : `${unit}s ${from}–${to}`),
    nothing: "I could not find anything in the documents that answers this directly.",
    tryTopics: (names: string) => `You could ask about what these documents cover: ${names}.`,
    noDocuments: "There are no documents to draw on yet. Upload one, and once it is processed I can answer from it.",
    hello: (name: string) => `Hello, I am ${name}.`,
    role: (role: string) => `My role: ${role}`,
    offer: "Ask me anything about these documents; I quote them and cite the source.",
    offline: "(Offline mode: the reply quotes the documents directly.)",
    otherLanguage: "These documents are written in Chinese. Offline, questions are matched in the documents' own language, so one asked in English finds no answer. Try asking in Chinese, for example:",
  },
} as const;

/**
 * The built-in model's reply to a question: the best sentences of the retrieved passages
 * (matchSentences), each with the neighbours that complete it and its source (the document, and
 * the page or pages the quoted sentences are on), in the asker's language.
 * Honest about being extraction, and about finding nothing.
 */
export function composeAnswer(input: AnswerInput): string {
  const text = TEXT[input.locale];
  const question = input.question.trim();
  if (GREETING.test(question)) return introduce(input);
  const match = matchSentences(question, input.passages);
  if (!match?.confident) {
    const other = otherLanguage(input);
    if (other) return other;
  }
  if (!match) return nothingFound(input);

  const parts: string[] = [match.confident ? text.lead : match.related ? text.closest : text.unsure, ""];
  match.quotes.forEach((quote, i) => {
    if (i > 0) parts.push(quote.before ? text.before : text.more, "");
    const excerpt = excerptOf(quote, input.locale);
    parts.push(`> ${excerpt.text} [${quote.passage.n}]`, "", `— ${source(quote.passage, pagesOfSpan(quote.passage, excerpt.start, excerpt.end), input.locale)}`, "");
  });
  parts.push(text.offline);
  return parts.join("\n");
}

const CJK_PUNCTUATION_END = /[。！？；」』）]$/u;

/** The quoted sentences, the best one first unless the one before it is needed to follow it. */
function excerptOf(quote: Candidate, locale: Locale): { text: string; start: number; end: number } {
  const { read, from, to } = quote;
  // A table row is quoted as its cells under their column's labels (table-rows.ts).
  const said = (j: number) => {
    const sentence = read.sentences[j];
    if (!isTableRow(sentence)) return sentence;
    const header = read.tableHeaderOf[j];
    return readRow(sentence, header >= 0 ? read.sentences[header] : null, locale) || sentence;
  };
  let text = said(from);
  for (let j = from + 1; j <= to; j++) {
    const next = said(j);
    // Chinese sentences run on without a space; a line without closing punctuation does not.
    text += CJK_PUNCTUATION_END.test(text) ? "" : " ";
    text += next;
  }
  return { text, start: read.starts[from], end: read.ends[to] };
}

function source(passage: OfflinePassage, pages: PageRange, locale: Locale): string {
  const name = locale === "en" ? `*${passage.documentName}*` : `《${passage.documentName}》`;
  return pages.page === null ? name : `${name}${locale === "en" ? ", " : " "}${TEXT[locale].page(pages.page, pages.pageEnd ?? pages.page, passage.unit ?? "page")}`;
}

function nothingFound(input: AnswerInput): string {
  const text = TEXT[input.locale];
  if (input.documentNames.length === 0) return text.noDocuments;
  const names = input.documentNames.slice(0, 5).map((n) => (input.locale === "en" ? `*${n}*` : `《${n}》`));
  return [text.nothing, text.tryTopics(names.join(input.locale === "en" ? ", " : "、"))].join("\n\n");
}

/** The reply when the documents are in the other language than the question: say so, and offer questions in theirs. */
function otherLanguage(input: AnswerInput): string | null {
  const theirs = input.passages.length > 0 ? documentsLanguage(input.passages.map((p) => p.content)) : languageOfNames(input.documentNames);
  if (theirs === null || theirs === input.locale) return null;
  // A question that also holds words in the documents' language was matched in it: finding
  // nothing then means the documents do not say, not that the language was wrong.
  if (theirs === "zh-TW" ? hasHan(input.question) : /[A-Za-z]{2,}/.test(input.question)) return null;
  const offered = questionsInLanguage(input.passages, input.documentNames, theirs);
  return [TEXT[input.locale].otherLanguage, "", ...offered.map((q) => `- ${q}`)].join("\n").trim();
}

function introduce(input: AnswerInput): string {
  const text = TEXT[input.locale];
  const role = input.rolePrompt.trim().split(/\n/)[0]?.slice(0, 200);
  return [text.hello(input.assistantName), role ? text.role(role) : "", input.documentNames.length > 0 ? text.offer : text.noDocuments]
    .filter(Boolean)
    .join("\n\n");
}
