import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Locale } from "@/lib/constants";
import { topicsOf, type TopicSource } from "@/lib/server/ai/offline/key-phrases";
import { questionsFromTopics, type TopicQuestion } from "@/lib/server/ai/offline/topic-questions";
import { chunkDocument, fullText } from "@/lib/server/ingest/chunker";
import { detectType } from "@/lib/server/ingest/worker/detect-type.mjs";
import { parseDocument } from "@/lib/server/ingest/worker/parse-document.mjs";
import { FIXTURE_DIR } from "@/scripts/make-fixtures";
import { EVAL_SETS, evalSet } from "../../support/eval-sets";

// The offline model's suggested questions over every fixture document and every document of both
// evaluation sets, read as the product reads them (the real parsers and chunker): opening
// questions from the first passages, follow-ups from each run of passages a reply could draw on.
// The checks here are the reader's, written apart from the code under test: a question is one
// question in the reader's language, and what it asks about is language from the document, never
// a table cell, code, an identifier, page furniture or an author's bare name.

const OPENING_PASSAGES = 4;
const FOLLOW_UP_PASSAGES = 5;
const CANDIDATES = 24;
const LOCALES: Locale[] = ["zh-TW", "en"];
// A few seconds of work (about 900 documents' passages in two languages); the margin is for a busy
// machine.
const EVAL_SET_TIMEOUT_MS = 60_000;

interface Doc {
  name: string;
  text: string;
  chunks: string[];
  /** Lines met twice or more: running headers and footers. */
  repeated: Set<string>;
  /** Standalone names of people: after a byline, or in the title block under the title. */
  names: Set<string>;
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const HAN = /\p{Script=Han}/u;
const BYLINE = /^(?:by|written by|authors?|作者|撰稿|撰文|記者)\b[:：]?\s*(.*)$/iu;
const NAME_SHAPED = /^(?:\p{Lu}\p{Ll}+(?:\s+(?:\p{Lu}\.|\p{Lu}\p{Ll}+)){1,2}|\p{Script=Han}{2,4})$/u;
const PROSE = /[.。!?！？]$/u;
const IDENTIFIER = /[_*=<>{}\\|#$~^`@]|[A-Za-z]{3,}\d|\d[A-Za-z]{3,}|[a-z][A-Z][a-z]+[A-Z]|^[a-z]{2,}[A-Z]|\w\/\w|(?:^|\s)--?\w|\(\)/;
const FURNITURE = [
  /^\d+$/,
  /^(?:page|p\.)\s*\d+/i,
  /^第\s*\d+\s*頁$/,
  /^(?:table of contents|contents|目\s*錄)$/i,
  /https?:\/\/|www\./i,
  /\S+@\S+\.\w+|\w+ at [\w-]+\.\w+/,
  /^\d{1,2} (?:January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/,
  /^\d{4}\s*年\s*\d{1,2}\s*月\s*\d{1,2}\s*日$/,
];

function readDoc(name: string, pages: { page: number | null; text: string }[]): Doc {
  const text = fullText(pages);
  const lines = text.split(/\n+/).map((l) => l.trim()).filter(Boolean);
  const counts = new Map<string, number>();
  for (const line of lines) counts.set(line, (counts.get(line) ?? 0) + 1);
  const names = new Set<string>();
  const firstProse = lines.findIndex((l) => PROSE.test(l) && l.length >= 40);
  lines.forEach((line, i) => {
    const byline = BYLINE.exec(line);
    if (byline?.[1]) names.add(byline[1].trim());
    if (!NAME_SHAPED.test(line)) return;
    if ((i > 0 && BYLINE.test(lines[i - 1])) || (i > 0 && i < firstProse)) names.add(line);
  });
  const chunks = chunkDocument({ pages }).map((c) => c.content);
  return { name, text, chunks, repeated: new Set([...counts].filter(([, n]) => n >= 2).map(([l]) => l)), names };
}

/** What the reader would see: questions for the opening passages and for each run of passages. */
function suggestionsFor(doc: Doc, locale: Locale): { opening: TopicQuestion[]; followUps: TopicQuestion[][] } {
  const source = (content: string): TopicSource => ({ documentId: doc.name, documentName: doc.name, content });
  const opening = doc.chunks.slice(0, OPENING_PASSAGES).map(source);
  const ask = (sources: TopicSource[], context: TopicSource[] = []) => questionsFromTopics(topicsOf(sources, CANDIDATES, locale, context), locale);
  const followUps: TopicQuestion[][] = [];
  for (let i = 0; i < doc.chunks.length; i += FOLLOW_UP_PASSAGES) followUps.push(ask(doc.chunks.slice(i, i + FOLLOW_UP_PASSAGES).map(source), opening));
  return { opening: ask(opening), followUps };
}

/** Everything wrong with one suggested question, as a reader would put it; empty when it is fine. */
function problems(doc: Doc, { question, topic }: TopicQuestion, locale: Locale): string[] {
  const out: string[] = [];
  const phrase = topic.phrase;
  const frame = question.replace(phrase, "");
  if (!question.includes(phrase)) out.push("does not name its topic");
  if (question.length > 120 || /\s{2}|\n/.test(question) || question !== question.trim()) out.push("not one short line");
  if (locale === "en") {
    if (!/^(?:What|Who|Which|How|Where|When|Why)\b[^?？]*\?$/.test(question)) out.push("not an English question");
    if (CJK.test(question)) out.push("Chinese in an English question");
    if ((question.match(/"/g)?.length ?? 0) % 2 !== 0) out.push("unbalanced quotes");
  } else {
    if (!/^[^?？]+？$/u.test(question)) out.push("not a Chinese question");
    if (!HAN.test(frame) || /[A-Za-z]/.test(frame)) out.push("frame not in Chinese");
    if ((question.match(/「/g)?.length ?? 0) !== (question.match(/」/g)?.length ?? 0)) out.push("unbalanced quotes");
  }
  if (IDENTIFIER.test(phrase)) out.push("identifier or code");
  const visible = phrase.replace(/\s+/g, "");
  if ((visible.match(/\p{L}/gu)?.length ?? 0) < visible.length / 3) out.push("mostly digits or symbols");
  const cells = phrase.split(/\s+/);
  if (cells.filter((c) => /^[\d.,%$+-]+$/.test(c)).length >= 2 || /\p{Script=Han}+\s+\p{Script=Han}+\s+\p{Script=Han}+/u.test(phrase)) out.push("table row");
  if (doc.repeated.has(phrase) || FURNITURE.some((re) => re.test(phrase))) out.push("page furniture");
  if (doc.names.has(phrase)) out.push("bare name");
  return out;
}

function expectWellFormed(doc: Doc, questions: TopicQuestion[], locale: Locale) {
  const bad = questions.map((q) => ({ question: q.question, problems: problems(doc, q, locale) })).filter((q) => q.problems.length > 0);
  expect(bad, `${doc.name} [${locale}]`).toEqual([]);
  expect(new Set(questions.map((q) => q.question)).size, `${doc.name} [${locale}] repeats a question`).toBe(questions.length);
}

async function fixtureDocs(): Promise<{ docs: Doc[]; unreadable: string[] }> {
  const docs: Doc[] = [];
  const unreadable: string[] = [];
  for (const file of readdirSync(FIXTURE_DIR).sort()) {
    const bytes = new Uint8Array(readFileSync(path.join(FIXTURE_DIR, file)));
    const type = detectType(bytes, file);
    // The hostile and broken fixtures are refused by the parsers; they have no text to ask about.
    const parsed = type ? await parseDocument(bytes, type.kind).catch(() => null) : null;
    if (parsed) docs.push(readDoc(file, parsed.pages));
    else unreadable.push(file);
  }
  return { docs, unreadable };
}

const byName = (docs: Doc[], name: string) => docs.find((d) => d.name === name)!;
const questionsOf = (list: TopicQuestion[]) => list.map((q) => q.question);

describe("offline suggested questions over the fixture documents", () => {
  let docs: Doc[];
  let unreadable: string[];
  beforeAll(async () => {
    ({ docs, unreadable } = await fixtureDocs());
  });

  it("reads the fixtures the product can read", () => {
    expect(docs.map((d) => d.name)).toEqual(expect.arrayContaining(["widget-registry-spec.pdf", "zh-recycling-handbook.pdf", "zh-recycling-handbook.docx", "zh-3-pages.pdf", "zh.docx", "en.docx", "notes.md"]));
    expect(unreadable).toEqual(expect.arrayContaining(["encrypted.pdf", "garbage.pdf", "image.png"]));
  });

  it("are well-formed, in the reader's language, and never about tables, code, furniture or names", () => {
    for (const doc of docs) {
      for (const locale of LOCALES) {
        const { opening, followUps } = suggestionsFor(doc, locale);
        for (const list of [opening, ...followUps]) expectWellFormed(doc, list, locale);
      }
    }
  });

  it("ask a specification about its definitions and sections, never about its binary tables, author or header", () => {
    const doc = byName(docs, "widget-registry-spec.pdf");
    const { opening, followUps } = suggestionsFor(doc, "en");
    const asked = questionsOf(opening);
    expect(asked).toEqual(expect.arrayContaining(["What is a widget type?", 'What is the section "Directory layout" about?']));
    const everything = [opening, ...followUps].flat().map((q) => q.question).join("\n");
    for (const bad of ["CARD32", "ALIASES", "AliasListEntry", "Thomas Leonard", "tal197", "example.org", "Table of Contents", "Widget Registry Specification", "October", "MUST", "update-widget-registry", "best_weight"]) {
      expect(everything, bad).not.toContain(bad);
    }
    // A Chinese reader is asked in Chinese about the same sections.
    expect(questionsOf(suggestionsFor(doc, "zh-TW").opening)).toContain("「Directory layout」這節說明了什麼？");
  });

  it("ask a Chinese handbook about what it defines and its sections, never about its author, header, table or page numbers", () => {
    for (const name of ["zh-recycling-handbook.docx", "zh-recycling-handbook.pdf"]) {
      const doc = byName(docs, name);
      const { opening, followUps } = suggestionsFor(doc, "zh-TW");
      expect(questionsOf(opening), name).toEqual(expect.arrayContaining(["什麼是資源回收？", "什麼是廚餘回收？"]));
      const everything = [opening, ...followUps].flat().map((q) => q.question).join("\n");
      for (const bad of ["王小明", "臺北市資源回收手冊", "目錄", "頁", "example.gov.tw", "2024", "收運日", "備註"]) expect(everything, `${name}: ${bad}`).not.toContain(bad);
    }
    expect(questionsOf(suggestionsFor(byName(docs, "zh-recycling-handbook.docx"), "zh-TW").opening)).toContain("「收運時間」這節說明了什麼？");
  });

  it("offer an English reader nothing from a Chinese document: the generic list stands in", () => {
    for (const name of ["zh-recycling-handbook.pdf", "zh-recycling-handbook.docx", "zh-3-pages.pdf", "zh.docx", "notes.md"]) {
      const { opening, followUps } = suggestionsFor(byName(docs, name), "en");
      expect([opening, ...followUps].flat(), name).toEqual([]);
    }
  });
});

describe("offline suggested questions over the evaluation sets' documents", () => {
  for (const setName of EVAL_SETS) {
    it(`${setName}: every document gives questions in its own language, all well-formed, none in the other language's frame`, () => {
      const set = evalSet(setName);
      const own: Locale = setName === "drcd_dev" ? "zh-TW" : "en";
      for (const { file, text } of set.docs) {
        const doc = readDoc(file, [{ page: null, text }]);
        for (const locale of LOCALES) {
          const { opening, followUps } = suggestionsFor(doc, locale);
          for (const list of [opening, ...followUps]) expectWellFormed(doc, list, locale);
          if (locale === own) expect(opening.length, `${file} [${locale}]`).toBeGreaterThan(0);
          // Chinese articles offer an English reader nothing (the generic English list stands in).
          if (setName === "drcd_dev" && locale === "en") expect([opening, ...followUps].flat(), file).toEqual([]);
        }
      }
    }, EVAL_SET_TIMEOUT_MS);
  }
});
