import "server-only";
import { createTranslator } from "next-intl";
import { LOCALE_COOKIE, type Locale } from "@/lib/constants";
import { messagesFor, resolveLocale } from "@/lib/i18n/locale";
import { requestCookies } from "@/lib/server/http/cookies";

export function localeOf(req: Request): Locale {
  return resolveLocale(requestCookies(req)[LOCALE_COOKIE]);
}

export type ServerTranslator = ReturnType<typeof translator>;

export function translator(locale: Locale) {
  return createTranslator({ locale, messages: messagesFor(locale) });
}
