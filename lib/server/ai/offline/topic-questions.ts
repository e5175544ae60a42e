import "server-only";
import type { Locale } from "@/lib/constants";
import { suggestionTexts } from "@/lib/server/ai/suggestion-texts";
import type { Topic } from "./key-phrases";
import { hasCjk, hasHan } from "./text-shapes";

// The built-in model's suggested questions, one per topic, in the reader's language: a title or a
// heading is asked about as a section, a definition as "What is X?", a term in turn with each of
// the general templates.

export const QUESTION_MAX_CHARS = 120;

export interface TopicQuestion {
  question: string;
  topic: Topic;
}

function fill(template: string, topic: string): string {
  return template.replace("{topic}", () => topic);
}

/** Questions for topics, dropping any that would not read as a question in the reader's language. */
export function questionsFromTopics(topics: readonly Topic[], locale: Locale): TopicQuestion[] {
  const { templates } = suggestionTexts(locale);
  let terms = 0;
  const out: TopicQuestion[] = [];
  for (const topic of topics) {
    const template =
      topic.kind === "term"
        ? templates.term[terms++ % templates.term.length]
        : topic.kind === "definition"
          ? templates.definition[topic.plural ? "many" : "one"]
          : templates[topic.kind];
    const question = fill(template, topic.phrase);
    if (isWellFormedQuestion(question, locale)) out.push({ question, topic });
  }
  return out;
}

/** Whether a question is written in the reader's language: English with no Chinese, or Chinese. */
export function inReaderLanguage(question: string, locale: Locale): boolean {
  return locale === "en" ? !hasCjk(question) : hasHan(question);
}

/**
 * A question as the reader expects one: a single line that ends in the language's question mark,
 * English throughout for an English reader, and for a Chinese reader Chinese around whatever the
 * quotation marks hold.
 */
export function isWellFormedQuestion(question: string, locale: Locale): boolean {
  const q = question.trim();
  if (q !== question || q.length < 4 || q.length > QUESTION_MAX_CHARS || /\s{2}|\n/.test(q)) return false;
  if (locale === "en") {
    return /^\p{Lu}/u.test(q) && /[^?]\?$/.test(q) && !q.includes("？") && !hasCjk(q) && (q.match(/"/g)?.length ?? 0) % 2 === 0;
  }
  const opened = q.match(/「/g)?.length ?? 0;
  return /[^？]？$/.test(q) && !q.includes("?") && opened === (q.match(/」/g)?.length ?? 0) && hasHan(q.replace(/「[^」]*」/g, ""));
}
