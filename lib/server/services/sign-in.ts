import "server-only";
import {
  LOGIN_FAILURE_LIMIT_PER_ACCOUNT,
  LOGIN_FAILURE_LIMIT_PER_IP,
  LOGIN_FAILURE_WINDOW_MS,
} from "@/lib/constants";
import type { User } from "@/lib/server/db/schema";
import { AppError } from "@/lib/server/http/errors";
import { assertBelowLimit, recordFailure, resetLimit } from "@/lib/server/http/rate-limit";
import { verifyPassword } from "@/lib/server/auth/password";
import { findUserByEmail, normalizeEmail, touchLastLogin } from "@/lib/server/queries/users";

const accountKey = (email: string) => `login-fail:account:${normalizeEmail(email)}`;
const ipKey = (ip: string) => `login-fail:ip:${ip}`;

/**
 * Checks an e-mail and password. Failures are counted per account and per address in the
 * database; past the limit every attempt gets 429 with Retry-After until the window ends,
 * whether or not the password would have been right.
 */
export async function signInWithPassword(input: { email: string; password: string; ip: string }): Promise<User> {
  try {
    await assertBelowLimit(accountKey(input.email), LOGIN_FAILURE_LIMIT_PER_ACCOUNT);
    await assertBelowLimit(ipKey(input.ip), LOGIN_FAILURE_LIMIT_PER_IP);
  } catch (error) {
    if (error instanceof AppError && error.code === "rate_limited") {
      throw new AppError("rate_limited", { messageKey: "too_many_login_attempts", params: error.params, headers: error.headers });
    }
    throw error;
  }

  const user = await findUserByEmail(input.email);
  const valid = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !valid) {
    await Promise.all([
      recordFailure(accountKey(input.email), LOGIN_FAILURE_WINDOW_MS),
      recordFailure(ipKey(input.ip), LOGIN_FAILURE_WINDOW_MS),
    ]);
    throw new AppError("unauthorized", { messageKey: "invalid_credentials" });
  }
  if (user.disabled) throw new AppError("forbidden", { messageKey: "account_disabled" });

  await resetLimit(accountKey(input.email));
  await touchLastLogin(user.id);
  return user;
}
