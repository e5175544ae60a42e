import type { Metadata } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getTranslations } from "next-intl/server";
import { isLocale, messagesFor } from "@/lib/i18n/locale";
import { UnsubscribeScreen, type UnsubscribeState } from "@/components/email-public/unsubscribe-screen";
import { tokenSubject } from "@/lib/server/use-cases/unsubscribe";
import type { MailTopic } from "@/lib/server/mail/unsubscribe-token";

type Props = { searchParams: Promise<{ token?: string | string[]; topic?: string | string[] }> };

async function pageOf(searchParams: Props["searchParams"]) {
  const params = await searchParams;
  const raw = params.token;
  const token = typeof raw === "string" ? raw : "";
  // Which list the link stops: the weekly insights digest names itself; anything else is campaigns.
  const topic: MailTopic = params.topic === "digest" ? "digest" : "campaigns";
  const subject = await tokenSubject(token, topic);
  // The page speaks the recipient's language (the one their account was last used in).
  const locale = subject.kind === "user" && isLocale(subject.locale) ? subject.locale : await getLocale();
  return { token, topic, subject, locale: isLocale(locale) ? locale : "zh-TW" };
}

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const { locale, topic } = await pageOf(searchParams);
  return { title: (await getTranslations({ locale, namespace: "unsubscribe" }))(topic === "digest" ? "digestTitle" : "title"), robots: { index: false } };
}

export default async function UnsubscribePage({ searchParams }: Props) {
  const { token, topic, subject, locale } = await pageOf(searchParams);
  const initial: UnsubscribeState = subject.kind === "user" ? { kind: "user", email: subject.email, subscribed: subject.subscribed } : subject;
  return (
    <div lang={locale === "en" ? "en" : "zh-Hant-TW"}>
      <NextIntlClientProvider locale={locale} messages={messagesFor(locale)} timeZone="Asia/Taipei">
        <UnsubscribeScreen token={token} topic={topic} initial={initial} />
      </NextIntlClientProvider>
    </div>
  );
}
