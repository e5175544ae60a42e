import "server-only";
import type { Locale } from "@/lib/constants";
import { definitionsOf } from "./definitions";
import { readDocument } from "./document-text";
import { headingsOf } from "./headings";
import { termPhrases, termsOf } from "./terms";
import { hasHan, isMostlyLatin, ordinaryWordsOf } from "./text-shapes";

// Topics a document can answer questions about, read from its own text: its title, its
// definitions ("X is a …", 「X是…」, "X: …"), its headings, and the words and names its prose
// uses most, weighed against how common they are across the passages. Lines that are not
// language (table rows, code, page numbers and running headers, bylines, bare names) give none.
// A reader is offered topics in their own language: an English reader gets none from Chinese text.

const HEADINGS_PER_DOCUMENT = 5;
const DEFINITIONS_PER_DOCUMENT = 2;

export interface TopicSource {
  documentId: string;
  /** The document's file name: without its extension, often the best title there is. */
  documentName?: string;
  content: string;
}

export interface Topic {
  phrase: string;
  documentId: string;
  kind: "title" | "heading" | "definition" | "term";
  /** A definition of several things: "What are glob patterns?". */
  plural?: boolean;
  /** What the answer must quote from: a definition's own sentence, a heading's section. */
  evidence?: string;
}

/**
 * Up to `limit` topics in the reader's language, taken in turn from each document so every
 * document is represented: its definitions, title and headings first, then the terms with the
 * highest frequency × rarity in that document. `context` holds other passages of the same
 * documents (their openings): a line met there again is a running header, not a heading, even when
 * the sources hold it once.
 */
export function topicsOf(sources: readonly TopicSource[], limit: number, locale: Locale, context: readonly TopicSource[] = []): Topic[] {
  const byDocument = new Map<string, { name?: string; contents: string[] }>();
  for (const source of sources) {
    const entry = byDocument.get(source.documentId) ?? { name: source.documentName, contents: [] };
    entry.contents.push(source.content);
    byDocument.set(source.documentId, entry);
  }
  // Rarity is counted per passage, as retrieval weighs words.
  const passageFrequency = new Map<string, number>();
  const documents = [...byDocument.entries()].map(([documentId, { name, contents }]) => {
    const elsewhere = context.filter((c) => c.documentId === documentId && !contents.includes(c.content)).map((c) => c.content);
    const doc = readDocument(name, contents, elsewhere);
    const text = contents.join("\n");
    const ordinaryWords = ordinaryWordsOf(text);
    const nounness = new Map<string, number>();
    const perPassage = doc.prose.map((lines) => termsOf(lines, ordinaryWords, locale, nounness));
    for (const terms of perPassage) for (const term of new Set(terms)) passageFrequency.set(term, (passageFrequency.get(term) ?? 0) + 1);
    const prose = doc.prose.flat();
    return { documentId, doc, text, prose, ordinaryWords, nounness, terms: perPassage.flat(), opening: prose.join("\n").slice(0, 120) };
  });
  const total = sources.length;
  const ranked = documents.map(({ documentId, doc, text, prose, ordinaryWords, nounness, terms, opening }) => {
    // An English reader gets nothing from a document written in Chinese, not even its Latin title.
    const proseLength = prose.join("").length;
    if (locale === "en" && prose.filter((line) => isMostlyLatin(line)).join("").length * 2 < proseLength) return [];
    const fits = (phrase: string) => locale === "zh-TW" || !hasHan(phrase);
    const topics: Topic[] = [];
    const seen: string[] = [];
    // One question per thing: 多倫多 and 多倫多市, Newcastle and Newcastle upon Tyne are one topic.
    const take = (topic: Topic) => {
      const key = topic.phrase.toLowerCase().replace(/^(?:the|a|an) /, "");
      if (!fits(topic.phrase) || seen.some((s) => s.includes(key) || key.includes(s))) return;
      seen.push(key);
      topics.push(topic);
    };
    // A title the text defines is asked about as a definition ("What is the Amazon rainforest?").
    for (const d of definitionsOf(doc, text, ordinaryWords).slice(0, DEFINITIONS_PER_DOCUMENT)) {
      // A Chinese question can name an English term, but not start one with an article.
      if (locale === "zh-TW" && d.latin && !/^\p{Lu}/u.test(d.phrase)) continue;
      take({ phrase: d.phrase, documentId, kind: "definition", plural: d.plural, evidence: d.evidence });
    }
    // The title is asked about even when it is defined: the definition may not be found.
    if (doc.title && fits(doc.title)) {
      seen.push(doc.title.toLowerCase());
      topics.push({ phrase: doc.title, documentId, kind: "title" });
    }
    for (const { heading, section } of headingsOf(doc, ordinaryWords).slice(0, HEADINGS_PER_DOCUMENT)) take({ phrase: heading, documentId, kind: "heading", evidence: section });
    for (const phrase of termPhrases({ terms, passageFrequency, passages: total, opening, text, nounness, locale })) {
      if (topics.length >= limit) break;
      take({ phrase, documentId, kind: "term" });
    }
    return topics;
  });
  const out: Topic[] = [];
  for (let round = 0; out.length < limit && ranked.some((list) => list.length > round); round++) {
    for (const list of ranked) if (list[round] && out.length < limit) out.push(list[round]);
  }
  return out;
}
