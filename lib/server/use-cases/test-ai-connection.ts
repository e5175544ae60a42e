import "server-only";
import { AI_CONNECTION_TEST_MAX_OUTPUT_TOKENS, AI_CONNECTION_TEST_TIMEOUT_MS } from "@/lib/constants";
import type { AiServiceTestInput } from "@/lib/schemas/ai-service";
import { effectiveConfig, openStoredKey, readStoredAiService, type StoredAiService } from "@/lib/server/ai/ai-config";
import { serviceModel } from "@/lib/server/ai/providers";
import { ModelCallError, runModel } from "@/lib/server/ai/run-model";
import type { ConnectionProblem, ConnectionResult } from "@/lib/server/present/ai-service";
import { env } from "@/lib/env";
import { checkServiceUrl } from "@/lib/server/outbound/service-address";
import { keyMayFollow } from "@/lib/server/policies/secret-destination";

export const CONNECTION_TEST_ROUTE = "ai-service-test";

function problemOf(error: ModelCallError): ConnectionProblem {
  if (error.addressRefused) return "address_refused";
  if (error.outcome === "timeout") return "timeout";
  const status = error.statusCode;
  if (status === undefined) return error.reached ? "not_api" : "unreachable";
  if (status === 401 || status === 403) return "unauthorized";
  if (status === 404) return error.serviceCode === "model_not_found" || /model/i.test(error.message) ? "model_not_found" : "not_found";
  if (status === 429) return "rate_limited";
  return "error";
}

/** The settings the form shows, saved or not, over the saved ones: what the test calls. */
function candidate(stored: StoredAiService, input: AiServiceTestInput): StoredAiService {
  const next: StoredAiService = { ...stored, offline: false };
  for (const field of ["baseUrl", "chatModel", "visionModel", "embeddingModel"] as const) next[field] = input[field] || undefined;
  next.maxOutputTokens = input.maxOutputTokens ?? undefined;
  next.allowPrivateNetwork = input.allowPrivateNetwork === true;
  return next;
}

/**
 * One short real call to the service the form describes, through the same path as a chat reply
 * (runModel: the same client and time-outs), whatever the offline switch says. Not a use of the
 * service, so not in api_usage. The answer is the time it took, or the kind of failure; never
 * what the service said (the form would otherwise read whatever answers at an address). The saved
 * key goes only to the address it was saved for, and the address passes the services' guard.
 */
export async function testAiConnection(input: { userId: string; settings: AiServiceTestInput }): Promise<ConnectionResult> {
  const stored = await readStoredAiService({ fresh: true });
  const typed = input.settings.apiKey || undefined;
  const typedUrl = input.settings.baseUrl || undefined;
  const keyElsewhere = !typed && !input.settings.removeApiKey && Boolean(stored.apiKeyCiphertext) && !keyMayFollow(stored.baseUrl, typedUrl);
  const key = typed ? { value: typed } : input.settings.removeApiKey || keyElsewhere ? {} : await openStoredKey(stored);
  const config = effectiveConfig(candidate(stored, input.settings), key);
  const model = config.chatModel;
  if (keyElsewhere) return { ok: false, latencyMs: 0, model, problem: "key_required", status: null };
  if (!config.baseUrl && !config.apiKey) return { ok: false, latencyMs: 0, model, problem: "unconfigured", status: null };
  if (typedUrl && typedUrl !== env.OPENAI_BASE_URL) {
    try {
      checkServiceUrl(typedUrl, { allowPrivateNetwork: input.settings.allowPrivateNetwork === true });
    } catch {
      return { ok: false, latencyMs: 0, model, problem: "address_refused", status: null };
    }
  }

  const started = Date.now();
  try {
    await runModel({
      purpose: "chat",
      route: CONNECTION_TEST_ROUTE,
      userId: input.userId,
      instructions: "This is a connection test. Reply with the single word OK.",
      messages: [{ role: "user", content: "OK?" }],
      maxOutputTokens: AI_CONNECTION_TEST_MAX_OUTPUT_TOKENS,
      timeoutMs: AI_CONNECTION_TEST_TIMEOUT_MS,
      chunkTimeoutMs: AI_CONNECTION_TEST_TIMEOUT_MS,
      // A model that spends a tiny budget on reasoning may say nothing: it still answered.
      allowEmptyReply: true,
      unrecorded: true,
      model: serviceModel(config, "chat"),
    });
    return { ok: true, latencyMs: Date.now() - started, model };
  } catch (error) {
    const latencyMs = Date.now() - started;
    if (!(error instanceof ModelCallError)) throw error;
    return { ok: false, latencyMs, model, problem: problemOf(error), status: error.statusCode ?? null };
  }
}
