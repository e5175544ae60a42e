import "server-only";
import { hash, verify } from "@node-rs/argon2";

// argon2id with OWASP's recommended minimum cost (19 MiB, 2 passes).
const OPTIONS = { algorithm: 2 /* Algorithm.Argon2id: a const enum, not importable under isolatedModules */, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// Verifying against this when the account does not exist keeps the response time the same,
// so timing does not reveal which e-mails are registered.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword("not-a-real-password");
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
