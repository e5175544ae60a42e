import "server-only";
import { randomBytes } from "node:crypto";
import { env } from "@/lib/env";
import { getOrCreateSetting } from "@/lib/server/queries/app-settings";

let cached: Promise<string> | undefined;

/**
 * The key that signs and encrypts session cookies. AUTH_SECRET when set; otherwise one is made on
 * first use and kept in the database, so a fresh install works and every instance agrees on it.
 */
export function getAuthSecret(): Promise<string> {
  if (env.AUTH_SECRET) return Promise.resolve(env.AUTH_SECRET);
  cached ??= getOrCreateSetting("auth_secret", randomBytes(32).toString("base64url")).catch((error) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

/** Tests open a fresh database per file; the cached secret belongs to the old one. */
export function resetAuthSecretCache() {
  cached = undefined;
}
