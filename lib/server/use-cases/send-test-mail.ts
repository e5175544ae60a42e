import "server-only";
import type { Locale } from "@/lib/constants";
import { readAudience } from "@/lib/schemas/email";
import { campaignReadySchema } from "@/lib/schemas/email";
import { AppError } from "@/lib/server/errors";
import { translator } from "@/lib/server/i18n";
import { accountMail, campaignMailer } from "@/lib/server/mail/campaign-mail";
import { getMailSetup } from "@/lib/server/mail/mail-settings";
import { classifySendError, sendMail, sendRawMail, type OutgoingMail, type RawMail } from "@/lib/server/mail/transport";
import { TEST_RECIPIENT_ID } from "@/lib/server/mail/unsubscribe-token";
import { findCampaign } from "@/lib/server/queries/email-campaigns";

// Test messages, sent at once (not queued) so the admin sees the server's answer on the screen.

async function sendNow(mail: OutgoingMail | ((from: string) => Promise<RawMail>)): Promise<{ response: string }> {
  const setup = await getMailSetup();
  if (!setup.server) throw new AppError("conflict", { messageKey: "email.errors.noMailServer" });
  try {
    return typeof mail === "function" ? await sendRawMail(setup.server, await mail(setup.server.from)) : await sendMail(setup.server, mail);
  } catch (error) {
    throw new AppError("unprocessable", { messageKey: "email.errors.sendFailed", params: { reply: classifySendError(error).message } });
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
