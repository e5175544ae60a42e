import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { PASSWORD_RESET_TTL_MS, type Locale } from "@/lib/constants";
import { env } from "@/lib/env";
import { hashPassword } from "@/lib/server/auth/password";
import { AppError } from "@/lib/server/errors";
import { translator } from "@/lib/server/i18n";
import type { CountLimit } from "@/lib/server/policies/rate-limits";
import { enqueueJob } from "@/lib/server/queries/jobs";
import { pokeJobRunner } from "@/lib/server/jobs/runner";
import { accountMail } from "@/lib/server/mail/campaign-mail";
import { getMailSetup, welcomeMailEnabled } from "@/lib/server/mail/mail-settings";
import { sendMail } from "@/lib/server/mail/transport";
import { createResetToken, peekResetToken, useResetToken } from "@/lib/server/queries/password-resets";
import { findUserByEmail, findUserById, normalizeEmail, setPassword } from "@/lib/server/queries/users";
import { requireMailServer } from "./start-campaign";

// Mail about an account, on the campaigns' transport: forgot-password links and the optional
// welcome message. Both are sent by a durable job ("account-mail"), so the request that asks for a
// reset link does the same work whether or not the address has an account (one queued job) and
// answers the same, in the same time.

export const ACCOUNT_MAIL_JOB = "account-mail";

const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

/**
 * POST /api/password-reset: once mail can go out, counts the request with `countLimit` (the
 * route's limits per client address and per e-mail address), then queues the mail job.
 */
export async function requestPasswordReset(input: { email: string; locale: Locale; countLimit: CountLimit }): Promise<void> {
  await requireMailServer();
  const email = normalizeEmail(input.email);
  await input.countLimit({ email });
  await enqueueJob({ type: ACCOUNT_MAIL_JOB, payload: { kind: "password-reset", email, locale: input.locale }, maxAttempts: 3 });
  pokeJobRunner();
}

/** The account a reset link is for, while it still works (the reset page shows it). */
export async function resetLinkAccount(token: string): Promise<{ email: string } | undefined> {
  if (!token || token.length > 200) return undefined;
  return peekResetToken(hashToken(token));
}

/** Sets the new password through a reset link, once; every session of the account ends. */
export async function resetPassword(input: { token: string; password: string }): Promise<void> {
  const userId = input.token.length <= 200 ? await useResetToken(hashToken(input.token)) : undefined;
  if (!userId) throw new AppError("bad_request", { messageKey: "passwordReset.errors.invalidToken" });
  await setPassword(userId, await hashPassword(input.password));
}

/** After a registration: a welcome message when the admin turned it on and mail works. */
export async function queueWelcomeMail(input: { userId: string; locale: Locale }): Promise<void> {
  if (!(await welcomeMailEnabled()) || !(await getMailSetup()).server) return;
  await enqueueJob({ type: ACCOUNT_MAIL_JOB, payload: { kind: "welcome", userId: input.userId, locale: input.locale }, maxAttempts: 3 });
  pokeJobRunner();
}

/** The job: writes and sends the message. A temporary failure throws, so the job runner retries. */
export async function sendAccountMail(payload: Record<string, unknown>): Promise<void> {
  const setup = await getMailSetup();
  if (!setup.server) return;
  const locale: Locale = payload.locale === "en" ? "en" : "zh-TW";
  const t = translator(locale);
  const product = t("app.name");
  if (payload.kind === "password-reset") {
    const user = await findUserByEmail(String(payload.email));
    if (!user || user.disabled) return;
    const token = randomBytes(32).toString("base64url");
    await createResetToken({ userId: user.id, tokenHash: hashToken(token), ttlMs: PASSWORD_RESET_TTL_MS });
    const link = `${env.APP_URL}/reset-password?token=${token}`;
    const subject = t("passwordReset.mail.subject", { product });
    const markdown = t("passwordReset.mail.body", { product, link, minutes: PASSWORD_RESET_TTL_MS / 60_000 });
    await sendMail(setup.server, accountMail({ locale, to: user.email, subject, markdown, footer: t("passwordReset.mail.footer") }));
    return;
  }
  if (payload.kind === "welcome") {
    const user = await findUserById(String(payload.userId));
    if (!user || user.disabled) return;
    const subject = t("email.mail.welcomeSubject", { product });
    // No display name in the text: a name is the user's own Markdown (a link, say) in our message.
    const markdown = t("email.mail.welcomeBody", { product, link: `${env.APP_URL}/auth` });
    await sendMail(setup.server, accountMail({ locale, to: user.email, subject, markdown, footer: t("email.mail.accountFooter", { product }) }));
  }
}
