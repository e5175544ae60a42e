import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { getAuthSecret } from "./secret";

// Secrets the product keeps in its database (the AI service's key) are stored sealed: AES-256-GCM
// under a key derived from AUTH_SECRET with HKDF, a fresh 96-bit nonce per value, and what the
// value is for bound in as associated data (a key sealed for one purpose cannot be moved to
// another). Every instance derives the same key, since they share AUTH_SECRET (or the generated
// one kept in the database).

const VERSION = "v1";
const SALT = "docchat secret box";

const derived = new Map<string, Buffer>();

async function keyFor(purpose: string): Promise<Buffer> {
  const secret = await getAuthSecret();
  const cacheKey = `${purpose}\u0000${secret}`;
  let key = derived.get(cacheKey);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, SALT, `${VERSION} ${purpose}`, 32));
    derived.clear();
    derived.set(cacheKey, key);
  }
  return key;
}

/** "v1.<nonce>.<tag>.<ciphertext>", base64url parts. */
export async function sealSecret(plaintext: string, purpose: string): Promise<string> {
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", await keyFor(purpose), nonce);
  cipher.setAAD(Buffer.from(purpose, "utf8"));
  const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, nonce.toString("base64url"), cipher.getAuthTag().toString("base64url"), data.toString("base64url")].join(".");
}

/** The sealed value, or null when it cannot be opened (another AUTH_SECRET, a damaged value). */
export async function openSecret(sealed: string, purpose: string): Promise<string | null> {
  const [version, nonce, tag, data] = sealed.split(".");
  if (version !== VERSION || !nonce || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", await keyFor(purpose), Buffer.from(nonce, "base64url"));
    decipher.setAAD(Buffer.from(purpose, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
