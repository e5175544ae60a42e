import "server-only";
import { isAddressRefusal } from "@/lib/server/outbound/service-address";
import { APICallError, streamText, type ModelMessage } from "ai";
import type { SharedV4ProviderOptions } from "@ai-sdk/provider";
import { AI_CHUNK_TIMEOUT_MS, AI_MAX_OUTPUT_TOKENS, AI_REPLY_TIMEOUT_MS } from "@/lib/constants";
import { log } from "@/lib/server/log";
import { recordApiUsage } from "@/lib/server/queries/api-usage";
import { redactKey } from "./ai-config";
import { offlineResolved, resolveModel, type ModelPurpose, type ResolvedModel } from "./providers";

export type ModelOutcome = "ok" | "error" | "timeout" | "rate_limited";

/** A model call that produced no usable reply; `outcome` is what the usage log recorded. */
export class ModelCallError extends Error {
  constructor(
    readonly outcome: Exclude<ModelOutcome, "ok">,
    message: string,
    /** The service's HTTP status, when it answered with an error. */
    readonly statusCode?: number,
    /** The service's own error code (OpenAI's error.code, e.g. model_not_found), when it gave one. */
    readonly serviceCode?: string,
    /** Whether anything answered at the address (false: no connection could be made at all). */
    readonly reached = true,
    /** The address guard refused the service's address (lib/server/outbound/service-address.ts): nothing was sent. */
    readonly addressRefused = false,
  ) {
    super(message);
    this.name = "ModelCallError";
  }
}

export interface ModelCall {
  purpose: ModelPurpose;
  /** The API route on whose behalf the call is made (for the usage dashboard). */
  route: string;
  userId: string | null;
  sharedAssistantId?: string | null;
  /** A call made with an API key: the key, and the assistant it asks. */
  apiKeyId?: string | null;
  assistantId?: string | null;
  instructions: string;
  messages: ModelMessage[];
  providerOptions?: SharedV4ProviderOptions;
  /** Receives the reply as it is generated. */
  onDelta?: (text: string) => void;
  maxOutputTokens?: number;
  /** Use the built-in model whatever is configured (the fallback after a hosted model failed). */
  forceOffline?: boolean;
  /** An empty reply is a success (the connection test: the service answered). */
  allowEmptyReply?: boolean;
  /** Leave the call out of api_usage (the admin's connection test is not use of the service). */
  unrecorded?: boolean;
  /** This model rather than the configured one (the admin's connection test of settings not yet saved). */
  model?: ResolvedModel;
  timeoutMs?: number;
  chunkTimeoutMs?: number;
}

export interface ModelReply {
  text: string;
  provider: string;
  modelId: string;
  offline: boolean;
  inputTokens: number;
  outputTokens: number;
}

function outcomeOf(error: unknown, timedOut: boolean): Exclude<ModelOutcome, "ok"> {
  if (timedOut) return "timeout";
  if (APICallError.isInstance(error) && error.statusCode === 429) return "rate_limited";
  return "error";
}

function describe(error: unknown): string {
  if (APICallError.isInstance(error)) return `${error.statusCode ?? "no status"}: ${error.message}`;
  if (error instanceof Error) {
    // A refused connection says why only in its cause (ECONNREFUSED, ENOTFOUND).
    const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
    const detail = typeof cause?.code === "string" ? cause.code : typeof cause?.message === "string" ? cause.message : undefined;
    return detail && !error.message.includes(detail) ? `${error.message} (${detail})` : error.message;
  }
  return String(error);
}

/** OpenAI-style error bodies carry { error: { code } }; other services may not. */
function serviceCodeOf(error: unknown): string | undefined {
  if (!APICallError.isInstance(error)) return undefined;
  const data = error.data as { error?: { code?: unknown } } | undefined;
  if (typeof data?.error?.code === "string") return data.error.code;
  try {
    const body = JSON.parse(error.responseBody ?? "") as { error?: { code?: unknown } };
    return typeof body?.error?.code === "string" ? body.error.code : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Every language-model call goes through here: the model from the registry, a cap on output
 * tokens, a time-out for the whole reply and another for a stream that goes quiet, and one row in
 * api_usage whatever happens. A failure of any kind (HTTP error, rate limit, hang, cut stream)
 * ends as a ModelCallError within the time-out; nothing escapes that could take the server down.
 */
export async function runModel(call: ModelCall): Promise<ModelReply> {
  const resolved = call.model ?? (call.forceOffline ? offlineResolved() : await resolveModel(call.purpose));
  // The configured cap bounds every call; a call (suggestions, image notes) may ask for less.
  const cap = resolved.maxOutputTokens ?? AI_MAX_OUTPUT_TOKENS;
  const maxOutputTokens = Math.min(call.maxOutputTokens ?? cap, cap);
  const started = Date.now();
  const timeoutMs = call.timeoutMs ?? resolved.timeoutMs ?? AI_REPLY_TIMEOUT_MS;
  const total = AbortSignal.timeout(timeoutMs);
  const idle = new AbortController();
  const chunkTimeoutMs = Math.min(call.chunkTimeoutMs ?? AI_CHUNK_TIMEOUT_MS, timeoutMs);
  let idleTimer = setTimeout(() => idle.abort(), chunkTimeoutMs);
  const signal = AbortSignal.any([total, idle.signal]);
  let text = "";
  let finishReason: string | undefined;
  let inputTokens = 0;
  let outputTokens = 0;

  const record = async (outcome: ModelOutcome, errorMessage?: string) => {
    if (call.unrecorded) return;
    await recordApiUsage({
      provider: resolved.provider,
      model: resolved.modelId,
      route: call.route,
      userId: call.userId,
      sharedAssistantId: call.sharedAssistantId ?? null,
      apiKeyId: call.apiKeyId ?? null,
      assistantId: call.assistantId ?? null,
      inputTokens,
      outputTokens,
      latencyMs: Date.now() - started,
      outcome,
      errorMessage,
    }).catch((error: unknown) => log.warn("usage not recorded", { error: describe(error) }));
  };

  try {
    const result = streamText({
      model: resolved.model,
      instructions: call.instructions,
      messages: call.messages,
      maxOutputTokens,
      // No retries: a retry after a back-off would spend the time-out the user is waiting through.
      maxRetries: 0,
      abortSignal: signal,
      providerOptions: call.providerOptions,
      // Errors arrive as stream parts and are handled below; the SDK would also print them.
      onError: () => undefined,
    });
    for await (const part of result.stream) {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => idle.abort(), chunkTimeoutMs);
      if (part.type === "text-delta") {
        text += part.text;
        call.onDelta?.(part.text);
      } else if (part.type === "error") {
        throw part.error;
      } else if (part.type === "abort") {
        throw new Error(part.reason ?? "aborted");
      } else if (part.type === "finish") {
        finishReason = part.finishReason;
        inputTokens = part.totalUsage.inputTokens ?? 0;
        outputTokens = part.totalUsage.outputTokens ?? 0;
      }
    }
    if (signal.aborted) throw new Error("aborted");
    // A web page or any other answer that is not the API's stream ends without a finish reason:
    // not an empty reply of a model, even where one would do.
    if (text.trim() === "" && finishReason === "interrupted") throw new Error("the answer was not an OpenAI-compatible stream");
    if (text.trim() === "" && !call.allowEmptyReply) throw new Error("the model returned no text");
  } catch (error) {
    const outcome = outcomeOf(error, signal.aborted);
    // Some services quote the key they refused: it goes into no log line and no stored row.
    const message = redactKey(describe(error), resolved.secret);
    log.warn("model call failed", { route: call.route, provider: resolved.provider, model: resolved.modelId, outcome, error: message });
    await record(outcome, message);
    const statusCode = APICallError.isInstance(error) ? error.statusCode : undefined;
    // The SDK's "Cannot connect to API": no HTTP answer came at all (refused, no such host, a port fetch refuses).
    const reached = !(APICallError.isInstance(error) && statusCode === undefined);
    const refused = isAddressRefusal(error);
    throw new ModelCallError(outcome, message, statusCode, serviceCodeOf(error), reached && !refused, refused);
  } finally {
    clearTimeout(idleTimer);
  }
  await record("ok");
  return { text, provider: resolved.provider, modelId: resolved.modelId, offline: resolved.offline, inputTokens, outputTokens };
}
