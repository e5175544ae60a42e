import "server-only";
import { APP_TIME_ZONE, type Locale } from "@/lib/constants";
import { env } from "@/lib/env";
import { resolveLocale } from "@/lib/i18n/locale";
import { translator } from "@/lib/server/i18n";
import { log } from "@/lib/server/log";
import { pokeJobRunner } from "@/lib/server/jobs/runner";
import { accountMail, mailDomain, oneClickUnsubscribeUrl, unsubscribePageUrl } from "@/lib/server/mail/campaign-mail";
import { getMailSetup } from "@/lib/server/mail/mail-settings";
import { sendMail } from "@/lib/server/mail/transport";
import { unsubscribeToken } from "@/lib/server/mail/unsubscribe-token";
import { digestItems, ownersToDigest, type DigestItem, type DigestWeek } from "@/lib/server/queries/insights-digest";
import { enqueueJob } from "@/lib/server/queries/jobs";
import { findUserById } from "@/lib/server/queries/users";

// The weekly digest: each owner whose assistants had questions left unanswered, or replies thumbed
// down, in the last full week (Monday to Sunday, the product's days) gets one message listing them,
// with a link to each assistant's insights. A daily job looks at the last full week; the week's
// own job (its dedupe key names the week) finds the owners once, whichever instance runs it and
// however often; each owner's message is a job whose key names the week and the owner, so it is
// sent once. Nothing is queued while no mail server is set (the week is looked at again the next
// day), and an owner with nothing that week gets nothing.

export const INSIGHTS_DIGEST_JOB = "insights-digest";
export const INSIGHTS_DIGEST_WEEK_JOB = "insights-digest-week";
export const INSIGHTS_DIGEST_MAIL_JOB = "insights-digest-mail";

const DAY_MS = 24 * 60 * 60 * 1000;
// One message lists at most this many questions per assistant and kind; the insights screen has the rest.
const SHOWN_PER_KIND = 5;
const ITEMS_MAX = 500;
const QUESTION_CHARS = 200;

const localDay = new Intl.DateTimeFormat("en-CA", { timeZone: APP_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The last full week (Monday to Sunday in the product's time zone) before `now`. */
export function lastFullWeek(now: Date): DigestWeek {
  const today = localDay.format(now);
  const sinceMonday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  const from = addDays(today, -sinceMonday - 7);
  return { from, to: addDays(from, 6) };
}

/** The daily job: queues the last full week's digest, once per week across every instance. */
export async function queueInsightsDigest(now = new Date()): Promise<void> {
  if (!(await getMailSetup()).server) return;
  const week = lastFullWeek(now);
  await enqueueJob({ type: INSIGHTS_DIGEST_WEEK_JOB, payload: { ...week }, dedupeKey: `${INSIGHTS_DIGEST_WEEK_JOB}:${week.from}`, maxAttempts: 3 });
  pokeJobRunner();
}

const weekOf = (payload: Record<string, unknown>): DigestWeek => ({ from: String(payload.from), to: String(payload.to) });

/** The week's job: one message job per owner with something to read. */
export async function queueDigestMails(payload: Record<string, unknown>): Promise<void> {
  const week = weekOf(payload);
  const owners = await ownersToDigest(week);
  for (const ownerId of owners) {
    await enqueueJob({ type: INSIGHTS_DIGEST_MAIL_JOB, payload: { ...week, ownerId }, dedupeKey: `insights-digest:${week.from}:${ownerId}`, maxAttempts: 3 });
  }
  if (owners.length > 0) pokeJobRunner();
}

/** Visitors' words in our message: one line, shortened, and shown as typed (never a link or markup). */
function literal(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  const short = line.length > QUESTION_CHARS ? `${line.slice(0, QUESTION_CHARS)}…` : line;
  const longestRun = Math.max(0, ...[...short.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(longestRun + 1);
  // A space inside the fence only where a backtick would otherwise touch it.
  const pad = /^`|`$/.test(short) ? " " : "";
  return `${fence}${pad}${short}${pad}${fence}`;
}

function digestMarkdown(locale: Locale, week: DigestWeek, items: DigestItem[]): { subject: string; markdown: string } {
  const t = translator(locale);
  const product = t("app.name");
  const byAssistant = new Map<string, DigestItem[]>();
  for (const item of items) byAssistant.set(item.assistantId, [...(byAssistant.get(item.assistantId) ?? []), item]);
  const sections = [...byAssistant.values()].map((own) => {
    const name = (own[0].assistantName ?? t("assistant.defaultName")).replace(/\s+/g, " ");
    const unanswered = own.filter((i) => i.kind === "unanswered");
    const down = own.filter((i) => i.kind === "thumbs_down");
    const lines = [
      ...unanswered.slice(0, SHOWN_PER_KIND).map((i) => `- ${t("insightsDigest.unansweredItem", { question: literal(i.question ?? "") })}`),
      ...down
        .slice(0, SHOWN_PER_KIND)
        .map((i) => `- ${i.comment ? t("insightsDigest.thumbsDownCommentItem", { question: literal(i.question ?? ""), comment: literal(i.comment) }) : t("insightsDigest.thumbsDownItem", { question: literal(i.question ?? "") })}`),
    ];
    const more = Math.max(0, unanswered.length - SHOWN_PER_KIND) + Math.max(0, down.length - SHOWN_PER_KIND);
    if (more > 0) lines.push(`- ${t("insightsDigest.more", { count: more })}`);
    const link = `${env.APP_URL}/insights/${encodeURIComponent(own[0].assistantId)}`;
    return [`## ${name}`, t("insightsDigest.summary", { unanswered: unanswered.length, thumbsDown: down.length }), lines.join("\n"), `[${t("insightsDigest.open", { name })}](${link})`].join("\n\n");
  });
  const subject = t("insightsDigest.subject", { product, count: items.length });
  const markdown = [t("insightsDigest.intro", { from: week.from, to: week.to }), ...sections].join("\n\n");
  return { subject, markdown };
}

/** One owner's message for the week, in their language; sent only when they still want it and have something. */
export async function sendDigestMail(payload: Record<string, unknown>): Promise<void> {
  const week = weekOf(payload);
  const setup = await getMailSetup();
  if (!setup.server) {
    log.warn("the weekly insights digest found no mail server", { ownerId: payload.ownerId });
    return;
  }
  const user = await findUserById(String(payload.ownerId));
  if (!user || user.disabled || user.insightsDigestStoppedAt !== null) return;
  const items = await digestItems(user.id, week, ITEMS_MAX);
  if (items.length === 0) return;
  const locale = resolveLocale(user.locale);
  const t = translator(locale);
  const { subject, markdown } = digestMarkdown(locale, week, items);
  const token = await unsubscribeToken(user.id, "digest");
  await sendMail(
    setup.server,
    accountMail({
      locale,
      to: user.email,
      subject,
      markdown,
      footer: t("insightsDigest.footer", { product: t("app.name") }),
      // The same owner and week always make the same id: a message resent after a crash is recognisably the same.
      messageId: `insights-digest.${week.from}.${user.id}@${mailDomain()}`,
      unsubscribe: { label: t("insightsDigest.stop"), page: unsubscribePageUrl(token, "digest"), oneClick: oneClickUnsubscribeUrl(token, "digest") },
    }),
  );
}
