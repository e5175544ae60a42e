import "server-only";
import type { MessageSource } from "@/lib/chat/message-types";
import { profileOf } from "@/lib/server/present/assistant";
import type { AssistantRow } from "@/lib/server/queries/assistants";
import type { Locale } from "@/lib/constants";

// The public API's answers in OpenAI's Chat Completions shapes. The passages a reply cites ([n] in
// its text) travel in `x_citations`, a field of our own that OpenAI's clients pass through untouched.

/** A passage the reply cites as [n]: document, pages and the quoted text. */
export interface ApiCitation {
  index: number;
  document_id: string;
  document_name: string;
  page: number | null;
  page_end: number | null;
  /** What page and page_end count when it is not a page: a workbook's sheets or a deck's slides. */
  page_unit: "page" | "sheet" | "slide";
  quote: string;
  url: string | null;
}

export function toApiCitations(sources: readonly MessageSource[]): ApiCitation[] {
  return sources.map((s) => ({
    index: s.n,
    document_id: s.documentId,
    document_name: s.documentName,
    page: s.page,
    page_end: s.pageEnd,
    page_unit: s.pageUnit ?? "page",
    quote: s.quote,
    url: s.sourceUrl ?? null,
  }));
}

export interface CompletionIdentity {
  id: string;
  created: number;
  model: string;
}

export interface ApiUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export function toApiUsage(usage: { inputTokens: number; outputTokens: number }): ApiUsage {
  return { prompt_tokens: usage.inputTokens, completion_tokens: usage.outputTokens, total_tokens: usage.inputTokens + usage.outputTokens };
}

/** The whole reply (stream: false). */
export function chatCompletion(identity: CompletionIdentity, reply: { text: string; sources: readonly MessageSource[]; usage: { inputTokens: number; outputTokens: number } }) {
  return {
    ...identity,
    object: "chat.completion" as const,
    choices: [{ index: 0, message: { role: "assistant" as const, content: reply.text, refusal: null }, logprobs: null, finish_reason: "stop" as const }],
    usage: toApiUsage(reply.usage),
    x_citations: toApiCitations(reply.sources),
  };
}

/** One chunk of a streamed reply: its text so far as a delta, or (with `finish`) the end and the citations. */
export function chatCompletionChunk(identity: CompletionIdentity, part: { role?: "assistant"; content?: string; finish?: { sources: readonly MessageSource[] } }) {
  const delta = { ...(part.role ? { role: part.role } : {}), ...(part.content !== undefined ? { content: part.content } : {}) };
  return {
    ...identity,
    object: "chat.completion.chunk" as const,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: part.finish ? ("stop" as const) : null }],
    ...(part.finish ? { x_citations: toApiCitations(part.finish.sources) } : {}),
  };
}

/** The last chunk when the client asked for usage (stream_options.include_usage): no choices, the token counts. */
export function usageChunk(identity: CompletionIdentity, usage: { inputTokens: number; outputTokens: number }) {
  return { ...identity, object: "chat.completion.chunk" as const, choices: [], usage: toApiUsage(usage) };
}

/** GET /api/v1/models: the one assistant a key may ask, as a model. */
export function assistantModel(assistant: AssistantRow, locale: Locale) {
  return {
    id: assistant.id,
    object: "model" as const,
    created: Math.floor(assistant.createdAt.getTime() / 1000),
    owned_by: "assistant",
    name: profileOf(assistant, locale).name,
  };
}
