import "server-only";
import type { LanguageModelV4, LanguageModelV4CallOptions, LanguageModelV4StreamPart, LanguageModelV4Usage } from "@ai-sdk/provider";
import { LOCALES, type Locale } from "@/lib/constants";
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
    }
  | { task: "describe-image"; locale: Locale; facts: ImageFacts; message?: string };

const STREAM_PIECE_CHARS = 8;

function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

function taskOf(options: LanguageModelV4CallOptions): OfflineTask | undefined {
  const task = options.providerOptions?.offline as Partial<OfflineTask> | undefined;
  if (!task || (task.task !== "answer" && task.task !== "describe-image") || !isLocale(task.locale)) return undefined;
  return task as OfflineTask;
}

/** Tokens as a hosted model would roughly count them: one per CJK character, one per four other characters. */
export function estimateTokens(text: string): number {
  let cjk = 0;
  for (const ch of text) if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(ch)) cjk++;
  return cjk + Math.ceil((text.length - cjk) / 4);
}

function promptText(options: LanguageModelV4CallOptions): string {
  return options.prompt
    .map((m) => (typeof m.content === "string" ? m.content : m.content.map((p) => ("text" in p && typeof p.text === "string" ? p.text : "")).join("")))
    .join("\n");
}

function reply(options: LanguageModelV4CallOptions): string {
  const task = taskOf(options);
  if (task?.task === "answer") return composeAnswer(task);
  if (task?.task === "describe-image") return describeImage(task.facts, task.locale, task.message);
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
    const pieces = Array.from({ length: Math.ceil(text.length / STREAM_PIECE_CHARS) }, (_, i) => text.slice(i * STREAM_PIECE_CHARS, (i + 1) * STREAM_PIECE_CHARS));
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
