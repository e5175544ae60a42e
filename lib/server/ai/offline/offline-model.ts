import "server-only";
import type { LanguageModelV4, LanguageModelV4CallOptions, LanguageModelV4StreamPart, LanguageModelV4Usage } from "@ai-sdk/provider";
import { LOCALES, type Locale } from "@/lib/constants";
import { composeAnswerWithImage } from "./answer-about-image";
import { composeAnswer, type OfflinePassage } from "./compose-answer";
import { describeImage, type ImageFacts } from "./describe-image";

// The built-in model used when no AI service is configured: it answers from the passages the
// caller retrieved, with no network and no weights. It speaks the AI SDK's LanguageModelV4, so
// streaming, usage records and tests take the same path as a hosted model.
//
// What it works from arrives in providerOptions.offline (see OfflineTask): a hosted model gets the
// same passages inside its prompt and ignores this key.

export type OfflineTask =
  | {
      task: "answer";
      locale: Locale;
      question: string;
      assistantName: string;
      rolePrompt: string;
      passages: OfflinePassage[];
      documentNames: string[];
      /** The analysis of an image sent with the question, if one was. */
      image?: string | null;
    }
  | { task: "describe-image"; locale: Locale; facts: ImageFacts };

/**
 * The reply streamed a line at a time (each with its line break): the text exists whole before the
 * first piece, so smaller pieces would show no sooner, and every piece costs the AI SDK's stream
 * pipeline several objects on a busy server (bench:shared).
 */
export function streamPieces(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

function taskOf(options: LanguageModelV4CallOptions): OfflineTask | undefined {
  const task = options.providerOptions?.offline as Partial<OfflineTask> | undefined;
  if (!task || (task.task !== "answer" && task.task !== "describe-image") || !isLocale(task.locale)) return undefined;
  return task as OfflineTask;
}

/** Whether a UTF-16 code unit is a Han, kana or Hangul character (or the lead of a Han one beyond the BMP). */
function isCjkUnit(c: number): boolean {
  return (
    (c >= 0x4e00 && c <= 0x9fff) || // CJK unified ideographs
    (c >= 0x3400 && c <= 0x4dbf) || // extension A
    (c >= 0x3040 && c <= 0x30ff) || // hiragana, katakana
    (c >= 0xac00 && c <= 0xd7af) || // Hangul syllables
    (c >= 0x1100 && c <= 0x11ff) || // Hangul jamo
    (c >= 0x3130 && c <= 0x318f) || // Hangul compatibility jamo
    (c >= 0xf900 && c <= 0xfaff) || // CJK compatibility ideographs
    (c >= 0xd840 && c <= 0xd8bf) || // lead surrogates of extensions B and later (U+20000–U+3FFFF)
    c === 0x3005 ||
    c === 0x3007
  );
}

/**
 * Tokens as a hosted model would roughly count them: one per CJK character, one per four other
 * characters. Runs over every prompt, so it reads code units instead of making a string per character.
 */
export function estimateTokens(text: string): number {
  let cjk = 0;
  let units = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (!isCjkUnit(c)) continue;
    cjk++;
    // A character beyond the BMP is two code units but one token.
    if (c >= 0xd800 && c <= 0xdbff) {
      i++;
      units -= 2;
    } else units--;
  }
  return cjk + Math.ceil(units / 4);
}

function promptText(options: LanguageModelV4CallOptions): string {
  return options.prompt
    .map((m) => (typeof m.content === "string" ? m.content : m.content.map((p) => ("text" in p && typeof p.text === "string" ? p.text : "")).join("")))
    .join("\n");
}

function reply(options: LanguageModelV4CallOptions): string {
  const task = taskOf(options);
  if (task?.task === "answer") return task.image ? composeAnswerWithImage({ ...task, image: task.image }) : composeAnswer(task);
  if (task?.task === "describe-image") return describeImage(task.facts, task.locale);
  // Called without a task (nothing retrieved for it): an honest answer that it cannot help here.
  return composeAnswer({ locale: "zh-TW", question: "", assistantName: "", rolePrompt: "", passages: [], documentNames: [] });
}

function usage(options: LanguageModelV4CallOptions, text: string): LanguageModelV4Usage {
  const input = estimateTokens(promptText(options));
  const output = estimateTokens(text);
  return {
    inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: output, text: output, reasoning: undefined },
  };
}

function capped(text: string, maxOutputTokens: number | undefined): { text: string; truncated: boolean } {
  if (!maxOutputTokens || estimateTokens(text) <= maxOutputTokens) return { text, truncated: false };
  let end = text.length;
  while (end > 0 && estimateTokens(text.slice(0, end)) > maxOutputTokens) end = Math.floor(end * 0.9);
  return { text: text.slice(0, end), truncated: true };
}

export const offlineModel: LanguageModelV4 = {
  specificationVersion: "v4",
  provider: "offline",
  modelId: "docchat-offline-1",
  supportedUrls: {},

  async doGenerate(options) {
    options.abortSignal?.throwIfAborted();
    const { text, truncated } = capped(reply(options), options.maxOutputTokens);
    return {
      content: [{ type: "text", text }],
      finishReason: { unified: truncated ? "length" : "stop", raw: undefined },
      usage: usage(options, text),
      warnings: [],
    };
  },

  async doStream(options) {
    options.abortSignal?.throwIfAborted();
    const { text, truncated } = capped(reply(options), options.maxOutputTokens);
    const pieces = streamPieces(text);
    const stream = new ReadableStream<LanguageModelV4StreamPart>({
      start(controller) {
        controller.enqueue({ type: "stream-start", warnings: [] });
        controller.enqueue({ type: "text-start", id: "0" });
        for (const delta of pieces) controller.enqueue({ type: "text-delta", id: "0", delta });
        controller.enqueue({ type: "text-end", id: "0" });
        controller.enqueue({ type: "finish", usage: usage(options, text), finishReason: { unified: truncated ? "length" : "stop", raw: undefined } });
        controller.close();
      },
    });
    return { stream };
  },
};
