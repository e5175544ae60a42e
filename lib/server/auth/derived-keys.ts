import "server-only";
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { getAuthSecret } from "./secret";

// Keys for other purposes than the session cookie, each derived from AUTH_SECRET (HKDF-SHA256 with
// its own label), so no purpose can forge or read another's values and no second secret needs
// configuring. Changing AUTH_SECRET invalidates them all, as it does sessions.

// Per secret and purpose, so a campaign's 10,000 unsubscribe links derive their key once.
const keys = new Map<string, Buffer>();

async function derivedKey(purpose: string): Promise<Buffer> {
  const secret = await getAuthSecret();
  const id = `${purpose}\u0000${secret}`;
  let key = keys.get(id);
  if (!key) {
    if (keys.size > 32) keys.clear();
    key = Buffer.from(hkdfSync("sha256", secret, "docchat-derived-keys", purpose, 32));
    keys.set(id, key);
  }
  return key;
}

/** A tag binding `value` to `purpose` (128 bits of HMAC-SHA256, base64url). */
export async function signValue(purpose: string, value: string): Promise<string> {
  return createHmac("sha256", await derivedKey(`sign:${purpose}`)).update(value).digest().subarray(0, 16).toString("base64url");
}

export async function verifySignedValue(purpose: string, value: string, tag: string): Promise<boolean> {
  const expected = Buffer.from(await signValue(purpose, value));
  const given = Buffer.from(tag);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Encrypts a secret for storage in the database (AES-256-GCM): "v1.<iv>.<tag>.<ciphertext>".
 * A database dump alone does not reveal it, unless AUTH_SECRET is unset and so itself kept in the
 * same database (README, e-mail).
 */
export async function encryptSecret(purpose: string, plaintext: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", await derivedKey(`encrypt:${purpose}`), iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
}

/** The plaintext, or null when the value was not made with this AUTH_SECRET (or was altered). */
export async function decryptSecret(purpose: string, stored: string): Promise<string | null> {
  const [version, iv, tag, body] = stored.split(".");
  if (version !== "v1" || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", await derivedKey(`encrypt:${purpose}`), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
