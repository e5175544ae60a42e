import "server-only";
import type { Locale } from "@/lib/constants";
import { suggestionTexts } from "@/lib/server/ai/suggestion-texts";
import { topicsOf } from "./key-phrases";
import { isMostlyLatin } from "./text-shapes";
import { isWellFormedQuestion, questionsFromTopics } from "./topic-questions";

// The built-in model matches words, so a question in one language finds nothing in documents
// written in the other: an English question over Chinese articles shares no word with them.
// Rather than "I could not find anything", the reply says the documents are in the other
// language and offers questions in it that they answer.

const OFFERED = 3;

/** The language of texts from documents; null when they hold no words. */
export function documentsLanguage(texts: readonly string[]): Locale | null {
  const sample = texts.join("\n").slice(0, 4000);
  if (!/[A-Za-z\p{Script=Han}]/u.test(sample)) return null;
  return isMostlyLatin(sample) ? "en" : "zh-TW";
}

/**
 * With no passage retrieved, what the file names say: named in Chinese, a document is Chinese; a
 * name in Latin letters (report.pdf) says nothing, as Chinese documents are often named so.
 */
export function languageOfNames(names: readonly string[]): Locale | null {
  return names.length > 0 && documentsLanguage(names) === "zh-TW" ? "zh-TW" : null;
}

/** Questions in the documents' language: about their topics, or else their titles. */
export function questionsInLanguage(passages: readonly { documentName: string; content: string }[], documentNames: readonly string[], locale: Locale): string[] {
  const sources = passages.map((p) => ({ documentId: p.documentName, documentName: p.documentName, content: p.content }));
  const fromTopics = sources.length > 0 ? questionsFromTopics(topicsOf(sources, OFFERED * 2, locale), locale).map((q) => q.question) : [];
  const { templates } = suggestionTexts(locale);
  const fromTitles = documentNames
    .map((name) => templates.title.replace("{topic}", () => name.replace(/\.[^.]{1,5}$/, "")))
    .filter((q) => isWellFormedQuestion(q, locale));
  return [...new Set([...fromTopics, ...fromTitles])].slice(0, OFFERED);
}
