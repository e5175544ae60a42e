import "server-only";
import type { Locale } from "@/lib/constants";
import { readAudience } from "@/lib/schemas/email";
import { campaignReadySchema } from "@/lib/schemas/email";
import { AppError } from "@/lib/server/errors";
import { translator } from "@/lib/server/i18n";
import { accountMail, campaignMailer } from "@/lib/server/mail/campaign-mail";
import { getMailSetup } from "@/lib/server/mail/mail-settings";
import { log } from "@/lib/server/log";
import { sendMail, sendRawMail, testFailureKind, type OutgoingMail, type RawMail } from "@/lib/server/mail/transport";
import { TEST_RECIPIENT_ID } from "@/lib/server/mail/unsubscribe-token";
import { findCampaign } from "@/lib/server/queries/email-campaigns";

// Test messages, sent at once (not queued) so the admin sees at once whether the server took it:
// sent, or the kind of failure in the admin's language. The server's own reply goes to the log,
// never to the screen.

async function sendNow(mail: OutgoingMail | ((from: string) => Promise<RawMail>)): Promise<{ sent: true }> {
  const setup = await getMailSetup();
  if (!setup.server) throw new AppError("conflict", { messageKey: "email.errors.noMailServer" });
  try {
    if (typeof mail === "function") await sendRawMail(setup.server, await mail(setup.server.from));
    else await sendMail(setup.server, mail);
    return { sent: true };
  } catch (error) {
    const kind = testFailureKind(error);
    log.warn("test message not sent", { kind, error: (error as Error).message });
    throw new AppError("unprocessable", { messageKey: `email.errors.testFailed_${kind}`, details: { reason: kind } });
  }
}

/** "Send test message" of the mail-server card. */
export async function sendServerTestMail(input: { to: string; locale: Locale }) {
  const setup = await getMailSetup();
  const t = translator(input.locale);
  const product = t("app.name");
  return sendNow(
    accountMail({
      locale: input.locale,
      to: input.to,
      subject: t("email.mail.serverTestSubject", { product }),
      markdown: t("email.mail.serverTestBody", { product, host: setup.server?.host ?? "", port: setup.server?.port ?? 0 }),
      footer: t("email.mail.accountFooter", { product }),
    }),
  );
}

/** A campaign as a recipient would get it, to one address, its subject marked as a test. */
export async function sendCampaignTest(input: { campaignId: string; to: string; locale: Locale }) {
  const campaign = await findCampaign(input.campaignId);
  if (!campaign) throw new AppError("not_found");
  campaignReadySchema.parse({ subject: campaign.subject, bodyMarkdown: campaign.bodyMarkdown, audience: readAudience(campaign.audience), ratePerMinute: campaign.ratePerMinute });
  return sendNow((from) => campaignMailer(campaign, from, { test: true })({ id: "test", userId: TEST_RECIPIENT_ID, email: input.to, locale: input.locale }));
}
