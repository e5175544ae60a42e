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

export function toAuditEntry(entry: SettingsAuditEntry) {
  return { id: entry.id, actorName: entry.actorName, actorEmail: entry.actorEmail, changes: entry.changes as AiSettingChange[], createdAt: entry.createdAt.toISOString() };
}
