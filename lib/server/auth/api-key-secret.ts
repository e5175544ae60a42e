import "server-only";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

// An API key is "dak_<id>_<secret>": 64 random bits of id that find its row by primary key, and
// 256 random bits of secret of which only a SHA-256 is stored. A fast hash is enough: nobody can
// try their way through 2^256 secrets, so a slow password hash would only slow every request.

const PREFIX = "dak_";
const KEY_PATTERN = /^dak_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;

export interface MintedKey {
  id: string;
  /** The whole key, shown to its owner once. */
  key: string;
  secretHash: string;
}

export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

export function mintApiKey(): MintedKey {
  const id = randomBytes(8).toString("hex");
  const secret = randomBytes(32).toString("base64url");
  return { id, key: `${PREFIX}${id}_${secret}`, secretHash: hashSecret(secret) };
}

/** What the owner's list shows of a key: enough to tell keys apart, nothing that opens anything. */
export function keyPrefix(id: string): string {
  return `${PREFIX}${id}`;
}

/** The id and secret of a well-formed key; null for anything else, decided without the database. */
export function parseApiKey(presented: string): { id: string; secret: string } | null {
  const match = KEY_PATTERN.exec(presented);
  return match ? { id: match[1], secret: match[2] } : null;
}

/** Whether `secret` is the one whose hash was stored, in time that does not depend on where they differ. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(hashSecret(secret), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** Whether a query string carries what looks like a key (a key there ends up in logs and histories). */
export function queryCarriesKey(url: URL): boolean {
  for (const [name, value] of url.searchParams) {
    if (/^(api[-_]?key|key|access[-_]?token|token|authorization)$/i.test(name) || value.includes(PREFIX)) return true;
  }
  return false;
}
