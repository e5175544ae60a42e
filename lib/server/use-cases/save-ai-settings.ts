import "server-only";
import type { AiServiceSettingsInput, AiSettingChange } from "@/lib/schemas/ai-service";
import { AI_KEY_PURPOSE, AI_SERVICE_SETTING, openStoredKey, readStoredAiService, type StoredAiService } from "@/lib/server/ai/ai-config";
import { sealSecret } from "@/lib/server/auth/secret-box";
import type { User } from "@/lib/server/db/schema";
import { updateSettingWithAudit } from "@/lib/server/queries/app-settings";
import { env } from "@/lib/env";
import { AppError } from "@/lib/server/errors";
import { checkServiceUrl } from "@/lib/server/outbound/service-address";
import { keyMayFollow } from "@/lib/server/policies/secret-destination";

const TEXT_FIELDS = ["baseUrl", "chatModel", "visionModel", "embeddingModel"] as const;

/** The stored settings the form asks for; an empty field is "not set" (the environment's value applies). */
function storedFrom(input: AiServiceSettingsInput, current: StoredAiService, key: Pick<StoredAiService, "apiKeyCiphertext" | "apiKeyLast4">): StoredAiService {
  const next: StoredAiService = { offline: input.offline, ...key };
  for (const field of TEXT_FIELDS) if (input[field]) next[field] = input[field];
  if (input.maxOutputTokens !== null) next.maxOutputTokens = input.maxOutputTokens;
  if (input.allowPrivateNetwork) next.allowPrivateNetwork = true;
  // Not on the form: kept as it was.
  if (current.timeoutMs !== undefined) next.timeoutMs = current.timeoutMs;
  for (const name of Object.keys(next) as (keyof StoredAiService)[]) if (next[name] === undefined) delete next[name];
  return next;
}

function diff(current: StoredAiService, next: StoredAiService, keyChange: "set" | "changed" | "removed" | null): AiSettingChange[] {
  const changes: AiSettingChange[] = [];
  for (const field of TEXT_FIELDS) {
    const from = current[field] ?? null;
    const to = next[field] ?? null;
    if (from !== to) changes.push({ field, from, to });
  }
  if ((current.maxOutputTokens ?? null) !== (next.maxOutputTokens ?? null)) {
    changes.push({ field: "maxOutputTokens", from: current.maxOutputTokens ?? null, to: next.maxOutputTokens ?? null });
  }
  if (Boolean(current.offline) !== Boolean(next.offline)) changes.push({ field: "offline", from: Boolean(current.offline), to: Boolean(next.offline) });
  if (Boolean(current.allowPrivateNetwork) !== Boolean(next.allowPrivateNetwork)) {
    changes.push({ field: "allowPrivateNetwork", from: Boolean(current.allowPrivateNetwork), to: Boolean(next.allowPrivateNetwork) });
  }
  if (keyChange) changes.push({ field: "apiKey", change: keyChange });
  return changes;
}

/**
 * Saves the AI-service form and records what changed (nothing is recorded when nothing did). A
 * new key is sealed before anything is written; the key is never stored, returned or recorded in
 * clear. Returns the changes made.
 */
export async function saveAiSettings(input: { actor: Pick<User, "id" | "displayName">; settings: AiServiceSettingsInput }): Promise<AiSettingChange[]> {
  const { settings } = input;
  // A base URL typed here (not the environment's own) passes the services' address guard.
  if (settings.baseUrl && settings.baseUrl !== env.OPENAI_BASE_URL) {
    try {
      checkServiceUrl(settings.baseUrl, { allowPrivateNetwork: settings.allowPrivateNetwork === true });
    } catch {
      throw new AppError("unprocessable", { messageKey: "aiService.errors.baseUrlRefused", details: { field: "baseUrl", reason: "address" } });
    }
  }
  const newKey = settings.apiKey || undefined;
  // Sealing and opening need the secret, read from the database: done before the row is locked.
  const before = await readStoredAiService({ fresh: true });
  const beforeKey = await openStoredKey(before);
  const sealed = newKey ? await sealSecret(newKey, AI_KEY_PURPOSE) : undefined;

  const result = await updateSettingWithAudit<StoredAiService>(AI_SERVICE_SETTING, { id: input.actor.id, name: input.actor.displayName }, (stored) => {
    const current = stored && typeof stored === "object" ? stored : {};
    let key: Pick<StoredAiService, "apiKeyCiphertext" | "apiKeyLast4"> = { apiKeyCiphertext: current.apiKeyCiphertext, apiKeyLast4: current.apiKeyLast4 };
    let keyChange: "set" | "changed" | "removed" | null = null;
    // The same key typed again is no change (compared with the key as it was read above, if the row still holds it).
    const sameKey = newKey !== undefined && current.apiKeyCiphertext === before.apiKeyCiphertext && beforeKey.value === newKey;
    if (newKey && sealed && !sameKey) {
      key = { apiKeyCiphertext: sealed, apiKeyLast4: newKey.slice(-4) };
      keyChange = current.apiKeyCiphertext ? "changed" : "set";
    } else if (!newKey && settings.removeApiKey && current.apiKeyCiphertext) {
      key = {};
      keyChange = "removed";
    } else if (current.apiKeyCiphertext && !keyMayFollow(current.baseUrl, settings.baseUrl || undefined)) {
      // The saved key was given for another address: it is not sent to this one unless typed again.
      throw new AppError("unprocessable", { messageKey: "aiService.errors.keyAgain", details: { field: "apiKey", reason: "key_again" } });
    }
    const next = storedFrom(settings, current, key);
    const changes = diff(current, next, keyChange);
    return changes.length > 0 ? { value: next, changes } : null;
  });
  return (result?.changes ?? []) as AiSettingChange[];
}
