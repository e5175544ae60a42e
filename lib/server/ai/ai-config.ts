import "server-only";
import type { ServiceAddressPolicy } from "@/lib/server/outbound/service-address";
import { AI_MAX_OUTPUT_TOKENS, AI_SETTINGS_MAX_AGE_MS } from "@/lib/constants";
import { env, type Env } from "@/lib/env";
import { openSecret } from "@/lib/server/auth/secret-box";
import { log } from "@/lib/server/log";
import { getSetting } from "@/lib/server/queries/app-settings";

// Which AI service answers, and how: the admin AI-service screen's settings (app_settings
// "ai_service") over the environment's (OPENAI_*, CHAT_MODEL, …) over the product's defaults.
// Read on every model call from a copy at most AI_SETTINGS_MAX_AGE_MS old, so a change saved on
// one instance is in force on all of them within that.

export const AI_SERVICE_SETTING = "ai_service";
/** What the saved key is sealed for (secret-box associated data). */
export const AI_KEY_PURPOSE = "ai_service.apiKey";

/** What the AI-service screen stores. Unset fields fall back to the environment. */
export interface StoredAiService {
  baseUrl?: string;
  /** The key, sealed (lib/server/auth/secret-box.ts); never stored in clear. */
  apiKeyCiphertext?: string;
  /** Its last four characters, the only part ever shown again. */
  apiKeyLast4?: string;
  chatModel?: string;
  visionModel?: string;
  embeddingModel?: string;
  maxOutputTokens?: number;
  /** Answer with the built-in offline model even when a service is configured. */
  offline?: boolean;
  /** Time allowed for a whole reply (default AI_REPLY_TIMEOUT_MS); slow self-hosted models may need more. */
  timeoutMs?: number;
  /** The admin's opt-in for a base URL on their own network (lib/server/outbound/service-address.ts). */
  allowPrivateNetwork?: boolean;
}

export type EnvDefaults = Pick<Env, "OPENAI_API_KEY" | "OPENAI_BASE_URL" | "CHAT_MODEL" | "VISION_MODEL" | "EMBEDDING_MODEL">;

export interface AiConfig {
  /** The built-in model answers: switched on, or no service configured. */
  offline: boolean;
  offlineReason: "switch" | "unconfigured" | null;
  baseUrl?: string;
  apiKey?: string;
  chatModel: string;
  visionModel: string;
  embeddingModel?: string;
  maxOutputTokens: number;
  timeoutMs?: number;
  /** A key is saved but cannot be opened (AUTH_SECRET changed since it was saved). */
  keyUnreadable: boolean;
  /** Where calls may connect, for a base URL typed on the admin screen; none for the environment's (the operator's own). */
  addressPolicy?: ServiceAddressPolicy;
}

/**
 * The configuration in force, from the saved fields, the saved key (opened), and the environment.
 * The environment's key goes only to the environment's URL: pointing the service elsewhere on the
 * screen never sends the operator's key to that other host.
 */
export function effectiveConfig(stored: StoredAiService, key: { value?: string; unreadable?: boolean }, defaults: EnvDefaults = env): AiConfig {
  const baseUrl = stored.baseUrl ?? defaults.OPENAI_BASE_URL;
  const envUrl = stored.baseUrl === undefined || stored.baseUrl === defaults.OPENAI_BASE_URL;
  const apiKey = key.value ?? (envUrl && !key.unreadable ? defaults.OPENAI_API_KEY : undefined);
  const chatModel = stored.chatModel ?? defaults.CHAT_MODEL;
  const configured = Boolean(apiKey || baseUrl);
  return {
    offline: Boolean(stored.offline) || !configured,
    offlineReason: stored.offline ? "switch" : configured ? null : "unconfigured",
    baseUrl,
    apiKey,
    chatModel,
    visionModel: stored.visionModel ?? defaults.VISION_MODEL ?? chatModel,
    embeddingModel: stored.embeddingModel ?? defaults.EMBEDDING_MODEL,
    maxOutputTokens: stored.maxOutputTokens ?? AI_MAX_OUTPUT_TOKENS,
    timeoutMs: stored.timeoutMs,
    keyUnreadable: Boolean(key.unreadable),
    ...(envUrl ? {} : { addressPolicy: { allowPrivateNetwork: stored.allowPrivateNetwork === true } }),
  };
}

export async function readStoredAiService(options: { fresh?: boolean } = {}): Promise<StoredAiService> {
  const value = await getSetting<StoredAiService>(AI_SERVICE_SETTING, options.fresh ? {} : { maxAgeMs: AI_SETTINGS_MAX_AGE_MS });
  return value && typeof value === "object" ? value : {};
}

// Opening the key costs a key derivation: done once per saved value, not per call.
let opened: { ciphertext: string; value: string | null } | undefined;
let warnedUnreadable: string | undefined;

export async function openStoredKey(stored: StoredAiService): Promise<{ value?: string; unreadable?: boolean }> {
  const ciphertext = stored.apiKeyCiphertext;
  if (!ciphertext) return {};
  if (opened?.ciphertext !== ciphertext) opened = { ciphertext, value: await openSecret(ciphertext, AI_KEY_PURPOSE) };
  if (opened.value === null) {
    if (warnedUnreadable !== ciphertext) {
      warnedUnreadable = ciphertext;
      log.warn("the saved AI service key cannot be decrypted (was AUTH_SECRET changed?); enter it again on /admin/ai-service");
    }
    return { unreadable: true };
  }
  return { value: opened.value };
}

/** The configuration every model call uses. */
export async function currentAiConfig(): Promise<AiConfig> {
  const stored = await readStoredAiService();
  return effectiveConfig(stored, await openStoredKey(stored));
}

/** Text with every occurrence of the key replaced: service errors may quote the key they refused. */
export function redactKey(text: string, key: string | undefined): string {
  if (!key || key.length < 4) return text;
  return text.split(key).join("[key]");
}
