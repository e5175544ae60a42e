import "server-only";
import { randomUUID } from "node:crypto";
import type { Locale } from "@/lib/constants";
import { env } from "@/lib/env";
import { renderEmailHtml, renderEmailText } from "@/lib/email/render-email";
import { resolveLocale } from "@/lib/i18n/locale";
import { translator } from "@/lib/server/i18n";
import { mimeTemplate } from "./mime-template";
import type { OutgoingMail, RawMail } from "./transport";
import { unsubscribeToken, type MailTopic } from "./unsubscribe-token";

// A campaign's message for one recipient: rendered once per language, then only the recipient's
// unsubscribe link differs (so 10,000 messages cost 10,000 string replacements, not renders).

export interface CampaignContent {
  id: string;
  subject: string;
  bodyMarkdown: string;
}

// Campaign links carry no topic (they predate the digest's list); another list's links name theirs.
const topicParam = (topic: MailTopic) => (topic === "campaigns" ? "" : `&topic=${topic}`);

export function unsubscribePageUrl(token: string, topic: MailTopic = "campaigns"): string {
  return `${env.APP_URL}/unsubscribe?token=${encodeURIComponent(token)}${topicParam(topic)}`;
}

/** The RFC 8058 one-click address: a POST there unsubscribes, with no page and no sign-in. */
export function oneClickUnsubscribeUrl(token: string, topic: MailTopic = "campaigns"): string {
  return `${env.APP_URL}/api/email/unsubscribe?token=${encodeURIComponent(token)}${topicParam(topic)}`;
}

export function mailDomain(): string {
  return new URL(env.APP_URL).hostname || "localhost";
}

type Template = ReturnType<typeof mimeTemplate>;

export function campaignMailer(campaign: CampaignContent, from: string, options: { test?: boolean } = {}) {
  const placeholder = `unsubscribe-${randomUUID()}`;
  const templates = new Map<Locale, Template>();

  function render(locale: Locale): Template {
    let r = templates.get(locale);
    if (r) return r;
    const t = translator(locale);
    const product = t("app.name");
    const subject = options.test ? `${t("email.mail.testPrefix")}${campaign.subject}` : campaign.subject;
    const content = {
      subject,
      markdown: campaign.bodyMarkdown,
      lang: locale === "en" ? "en" : "zh-Hant-TW",
      productName: product,
      footer: t("email.mail.footer", { product }),
      unsubscribe: { label: t("email.mail.unsubscribe"), url: placeholder },
    };
    r = mimeTemplate({ fromName: product, fromAddress: from, subject, html: renderEmailHtml(content), text: renderEmailText(content), placeholder });
    templates.set(locale, r);
    return r;
  }

  return async function messageFor(recipient: { id: number | string; userId: string; email: string; locale: string }): Promise<RawMail> {
    const token = await unsubscribeToken(recipient.userId);
    const raw = render(resolveLocale(recipient.locale))({
      to: recipient.email,
      // The same recipient always gets the same id, so a message sent again after a crash is
      // recognisably the same one.
      messageId: `${campaign.id}.${recipient.id}${options.test ? `.test-${randomUUID().slice(0, 8)}` : ""}@${mailDomain()}`,
      unsubscribePage: unsubscribePageUrl(token),
      oneClickUnsubscribe: oneClickUnsubscribeUrl(token),
    });
    return { to: recipient.email, raw };
  };
}

/**
 * Account mail (password reset, welcome): the same layout, no unsubscribe link. A message of a list
 * sent to one person (the weekly insights digest) passes `unsubscribe`: its stop link in the footer
 * and the RFC 8058 one-click headers, as a campaign has.
 */
export function accountMail(input: {
  locale: Locale;
  to: string;
  subject: string;
  markdown: string;
  footer: string;
  messageId?: string;
  unsubscribe?: { label: string; page: string; oneClick: string };
}): OutgoingMail {
  const t = translator(input.locale);
  const product = t("app.name");
  const content = {
    subject: input.subject,
    markdown: input.markdown,
    lang: input.locale === "en" ? "en" : "zh-Hant-TW",
    productName: product,
    footer: input.footer,
    ...(input.unsubscribe ? { unsubscribe: { label: input.unsubscribe.label, url: input.unsubscribe.page } } : {}),
  };
  const headers = input.unsubscribe ? { "List-Unsubscribe": `<${input.unsubscribe.oneClick}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } : undefined;
  return { to: input.to, subject: input.subject, html: renderEmailHtml(content), text: renderEmailText(content), fromName: product, messageId: input.messageId, headers };
}
