import "server-only";
import { keyPrefix } from "@/lib/server/auth/api-key-secret";
import type { ApiKeyRow } from "@/lib/server/queries/api-keys";

/** What the owner's list shows of a key: never its secret, which only the response that made it carried. */
export interface PublicApiKey {
  id: string;
  name: string;
  /** The start of the key ("dak_…"), to tell keys apart. */
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** POST /api/assistants/{id}/api-keys: the new key, whole, this once. */
export interface CreatedApiKey extends PublicApiKey {
  key: string;
}

export function toPublicApiKey(row: ApiKeyRow): PublicApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: keyPrefix(row.id),
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
