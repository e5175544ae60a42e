import "server-only";
import { randomUUID } from "node:crypto";
import type { Locale } from "@/lib/constants";
import { env } from "@/lib/env";
import { renderEmailHtml, renderEmailText } from "@/lib/email/render-email";
import { resolveLocale } from "@/lib/i18n/locale";
import { translator } from "@/lib/server/i18n";
import type { OutgoingMail } from "./transport";
import { unsubscribeToken } from "./unsubscribe-token";

// A campaign's message for one recipient: rendered once per language, then only the recipient's
// unsubscribe link differs (so 10,000 messages cost 10,000 string replacements, not renders).

export interface CampaignContent {
  id: string;
  subject: string;
  bodyMarkdown: string;
}

export function unsubscribePageUrl(token: string): string {
  return `${env.APP_URL}/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** The RFC 8058 one-click address: a POST there unsubscribes, with no page and no sign-in. */
export function oneClickUnsubscribeUrl(token: string): string {
  return `${env.APP_URL}/api/email/unsubscribe?token=${encodeURIComponent(token)}`;
}

function mailDomain(): string {
  return new URL(env.APP_URL).hostname || "localhost";
}

interface Rendered {
  subject: string;
  html: string;
  text: string;
  fromName: string;
}

export function campaignMailer(campaign: CampaignContent, options: { test?: boolean } = {}) {
  const placeholder = `unsubscribe-${randomUUID()}`;
  const rendered = new Map<Locale, Rendered>();

  function render(locale: Locale): Rendered {
    let r = rendered.get(locale);
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
    r = { subject, html: renderEmailHtml(content), text: renderEmailText(content), fromName: product };
    rendered.set(locale, r);
    return r;
  }

  return async function messageFor(recipient: { id: number | string; userId: string; email: string; locale: string }): Promise<OutgoingMail> {
    const r = render(resolveLocale(recipient.locale));
    const token = await unsubscribeToken(recipient.userId);
    const page = unsubscribePageUrl(token);
    return {
      to: recipient.email,
      subject: r.subject,
      html: r.html.replaceAll(placeholder, page),
      text: r.text.replaceAll(placeholder, page),
      fromName: r.fromName,
      // The same recipient always gets the same id, so a message sent again after a crash is
      // recognisably the same one.
      messageId: `${campaign.id}.${recipient.id}${options.test ? `.test-${randomUUID().slice(0, 8)}` : ""}@${mailDomain()}`,
      headers: {
        "List-Unsubscribe": `<${oneClickUnsubscribeUrl(token)}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    };
  };
}

/** Account mail (password reset, welcome): the same layout, no unsubscribe link. */
export function accountMail(input: { locale: Locale; to: string; subject: string; markdown: string; footer: string }): OutgoingMail {
  const t = translator(input.locale);
  const product = t("app.name");
  const content = { subject: input.subject, markdown: input.markdown, lang: input.locale === "en" ? "en" : "zh-Hant-TW", productName: product, footer: input.footer };
  return { to: input.to, subject: input.subject, html: renderEmailHtml(content), text: renderEmailText(content), fromName: product };
}
