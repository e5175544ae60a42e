import "server-only";
import { API_KEYS_PER_ASSISTANT_MAX } from "@/lib/constants";
import { mintApiKey } from "@/lib/server/auth/api-key-secret";
import { AppError } from "@/lib/server/errors";
import { toPublicApiKey, type CreatedApiKey, type PublicApiKey } from "@/lib/server/present/api-key";
import { insertApiKey, listApiKeys, revokeApiKey } from "@/lib/server/queries/api-keys";
import { findAssistant } from "@/lib/server/queries/assistants";

// An owner's API keys for one of their assistants. Another owner's assistant or key is not found.

const assistantNotFound = () => new AppError("not_found", { messageKey: "assistant_not_found" });

export async function listAssistantKeys(ownerId: string, assistantId: string): Promise<PublicApiKey[]> {
  if (!(await findAssistant(ownerId, assistantId))) throw assistantNotFound();
  return (await listApiKeys(ownerId, assistantId)).map(toPublicApiKey);
}

/** A new key; the response carries it whole this once, the database only its secret's hash. */
export async function createAssistantKey(input: { ownerId: string; assistantId: string; name: string }): Promise<CreatedApiKey> {
  const minted = mintApiKey();
  const row = await insertApiKey({ id: minted.id, ownerId: input.ownerId, assistantId: input.assistantId, name: input.name, secretHash: minted.secretHash }, API_KEYS_PER_ASSISTANT_MAX);
  if (row === "no_assistant") throw assistantNotFound();
  if (row === "full") throw new AppError("conflict", { messageKey: "api_keys_full", params: { max: API_KEYS_PER_ASSISTANT_MAX } });
  return { ...toPublicApiKey(row), key: minted.key };
}

/** Revokes a key at once: the next request with it, on any instance, is refused (the check reads the database). */
export async function revokeAssistantKey(input: { ownerId: string; assistantId: string; keyId: string }): Promise<PublicApiKey> {
  const row = await revokeApiKey(input.ownerId, input.assistantId, input.keyId);
  if (!row) throw new AppError("not_found", { messageKey: "api_key_not_found" });
  return toPublicApiKey(row);
}
