import "server-only";
import { AI_MAX_OUTPUT_TOKENS } from "@/lib/constants";
import { env, type Env } from "@/lib/env";
import type { AiSettingChange } from "@/lib/schemas/ai-service";
import type { AiConfig, StoredAiService } from "@/lib/server/ai/ai-config";
import type { SettingsAuditEntry } from "@/lib/server/queries/settings-audit";

// What the AI-service screen shows. Of any key, saved or from the environment, only the last four
// characters ever leave the server.

export type ValueSource = "saved" | "environment" | "default" | "unset";

const last4 = (key: string | undefined) => (key ? key.slice(-4) : null);

type EnvView = Pick<Env, "OPENAI_API_KEY" | "OPENAI_BASE_URL" | "CHAT_MODEL" | "VISION_MODEL" | "EMBEDDING_MODEL" | "chatModelConfigured">;

export function toAiServiceView(stored: StoredAiService, config: AiConfig, environment: EnvView = env) {
  const envKeyInForce = Boolean(config.apiKey) && !stored.apiKeyCiphertext;
  const source = (saved: unknown, fromEnv: unknown, hasDefault = false): ValueSource =>
    saved !== undefined ? "saved" : fromEnv !== undefined ? "environment" : hasDefault ? "default" : "unset";
  return {
    saved: {
      baseUrl: stored.baseUrl ?? "",
      chatModel: stored.chatModel ?? "",
      visionModel: stored.visionModel ?? "",
      embeddingModel: stored.embeddingModel ?? "",
      maxOutputTokens: stored.maxOutputTokens ?? null,
      offline: Boolean(stored.offline),
      allowPrivateNetwork: stored.allowPrivateNetwork === true,
      apiKeyLast4: stored.apiKeyCiphertext ? (stored.apiKeyLast4 ?? null) : null,
      hasApiKey: Boolean(stored.apiKeyCiphertext),
      apiKeyUnreadable: config.keyUnreadable,
    },
    environment: {
      baseUrl: environment.OPENAI_BASE_URL ?? null,
      apiKeyLast4: last4(environment.OPENAI_API_KEY),
      chatModel: environment.chatModelConfigured ? environment.CHAT_MODEL : null,
      visionModel: environment.VISION_MODEL ?? null,
      embeddingModel: environment.EMBEDDING_MODEL ?? null,
    },
    defaults: { chatModel: environment.chatModelConfigured ? null : environment.CHAT_MODEL, maxOutputTokens: AI_MAX_OUTPUT_TOKENS },
    effective: {
      offline: config.offline,
      offlineReason: config.offlineReason,
      baseUrl: config.baseUrl ?? null,
      apiKeyLast4: last4(config.apiKey),
      chatModel: config.chatModel,
      visionModel: config.visionModel,
      embeddingModel: config.embeddingModel ?? null,
      maxOutputTokens: config.maxOutputTokens,
      sources: {
        baseUrl: source(stored.baseUrl, environment.OPENAI_BASE_URL),
        apiKey: stored.apiKeyCiphertext ? "saved" : envKeyInForce ? "environment" : "unset",
        chatModel: stored.chatModel !== undefined ? "saved" : environment.chatModelConfigured ? "environment" : "default",
        // Unset, the vision model is the chat model.
        visionModel: source(stored.visionModel, environment.VISION_MODEL, true),
        embeddingModel: source(stored.embeddingModel, environment.EMBEDDING_MODEL),
        maxOutputTokens: stored.maxOutputTokens !== undefined ? "saved" : "default",
      } satisfies Record<string, ValueSource>,
    },
  };
}

export type AiServiceView = ReturnType<typeof toAiServiceView>;

/** PUT /api/settings/ai-service: what the save changed, and the settings as they are now. */
export interface AiServiceSaved {
  changes: AiSettingChange[];
  settings: AiServiceView;
}

export function toAuditEntry(entry: SettingsAuditEntry) {
  return { id: entry.id, actorName: entry.actorName, actorEmail: entry.actorEmail, changes: entry.changes as AiSettingChange[], createdAt: entry.createdAt.toISOString() };
}

export type AuditEntry = ReturnType<typeof toAuditEntry>;

/** A page (0-based) of the AI-service change log, newest first. */
export interface AuditPage {
  entries: AuditEntry[];
  total: number;
  pageSize: number;
}

/**
 * What went wrong in a connection test, as a kind a person can act on; the service's own words (or
 * the library's) go to the log, never to the screen. not_api: something answered at the address,
 * but not as the API.
 */
export type ConnectionProblem =
  | "unconfigured"
  | "key_required"
  | "address_refused"
  | "unreachable"
  | "unauthorized"
  | "model_not_found"
  | "not_found"
  | "rate_limited"
  | "timeout"
  | "not_api"
  | "error";

/** POST /api/settings/ai-service/test: the reply and its latency, or the problem. */
export type ConnectionResult =
  | { ok: true; latencyMs: number; model: string }
  | { ok: false; latencyMs: number; model: string; problem: ConnectionProblem; status: number | null };
