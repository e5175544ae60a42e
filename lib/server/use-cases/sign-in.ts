import "server-only";
import type { User } from "@/lib/server/db/schema";
import { AppError, rateLimited } from "@/lib/server/errors";
import { verifyPassword } from "@/lib/server/auth/password";
import { clearPairAttempts, countPairAttempt } from "@/lib/server/queries/login-attempts";
import { findUserByEmail, normalizeEmail, touchLastLogin } from "@/lib/server/queries/users";

/**
 * Checks an e-mail and password. Throttled per (account, address) pair with exponential back-off,
 * so guessing stays slow while a stranger's failures never lock the owner out from their own
 * address (the route also limits failures per address across accounts, generously, so one address
 * cannot guess through many accounts: RATE_LIMITS.loginFailuresPerIp). Both count the attempt
 * before the password is checked (concurrent guesses cannot slip past a check that has not counted
 * them yet); a right password gives the counts back. Refusals are 429 with Retry-After, whether
 * or not the password would have been right.
 */
export async function signInWithPassword(input: { email: string; password: string; ip: string }): Promise<User> {
  const pair = { account: normalizeEmail(input.email), address: input.ip };
  const attempt = await countPairAttempt(pair);
  if (!attempt.allowed) throw rateLimited(attempt.lockedUntil, "too_many_login_attempts");

  const user = await findUserByEmail(input.email);
  const valid = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !valid) throw new AppError("unauthorized", { messageKey: "invalid_credentials" });
  if (user.disabled) throw new AppError("forbidden", { messageKey: "account_disabled" });

  await clearPairAttempts(pair);
  await touchLastLogin(user.id);
  return user;
}
