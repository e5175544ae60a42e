import "server-only";
import { LOGIN_FAILURE_LIMIT_PER_IP, LOGIN_FAILURE_WINDOW_MS } from "@/lib/constants";
import type { User } from "@/lib/server/db/schema";
import { AppError, isAppError } from "@/lib/server/errors";
import { consumeLimit, limited, releaseLimit } from "@/lib/server/http/rate-limit";
import { verifyPassword } from "@/lib/server/auth/password";
import { clearPairAttempts, countPairAttempt } from "@/lib/server/queries/login-attempts";
import { findUserByEmail, normalizeEmail, touchLastLogin } from "@/lib/server/queries/users";

const addressKey = (ip: string) => `login-fail:ip:${ip}`;

function tooManyAttempts(error: AppError): AppError {
  return new AppError("rate_limited", { messageKey: "too_many_login_attempts", params: error.params, headers: error.headers });
}

/**
 * Checks an e-mail and password. Throttled per (account, address) pair with exponential back-off,
 * so guessing stays slow while a stranger's failures never lock the owner out from their own
 * address; and per address across accounts, generously, so one address cannot guess through many
 * accounts. Both count the attempt before the password is checked (concurrent guesses cannot slip
 * past a check that has not counted them yet); a right password gives the counts back. Refusals
 * are 429 with Retry-After, whether or not the password would have been right.
 */
export async function signInWithPassword(input: { email: string; password: string; ip: string }): Promise<User> {
  const pair = { account: normalizeEmail(input.email), address: input.ip };
  try {
    await consumeLimit(addressKey(input.ip), LOGIN_FAILURE_LIMIT_PER_IP, LOGIN_FAILURE_WINDOW_MS);
  } catch (error) {
    throw isAppError(error) && error.code === "rate_limited" ? tooManyAttempts(error) : error;
  }
  const attempt = await countPairAttempt(pair);
  if (!attempt.allowed) throw tooManyAttempts(limited(attempt.lockedUntil));

  const user = await findUserByEmail(input.email);
  const valid = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !valid) throw new AppError("unauthorized", { messageKey: "invalid_credentials" });
  if (user.disabled) throw new AppError("forbidden", { messageKey: "account_disabled" });

  await Promise.all([clearPairAttempts(pair), releaseLimit(addressKey(input.ip))]);
  await touchLastLogin(user.id);
  return user;
}
