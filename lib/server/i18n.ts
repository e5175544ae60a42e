import "server-only";
import { createTranslator } from "next-intl";
import { LOCALE_COOKIE, type Locale } from "@/lib/constants";
import { messagesFor, resolveLocale } from "@/lib/i18n/locale";
import { requestCookies } from "@/lib/server/request-cookies";

export function localeOf(req: Request): Locale {
  return resolveLocale(requestCookies(req)[LOCALE_COOKIE]);
}

export type ServerTranslator = ReturnType<typeof makeTranslator>;

function makeTranslator(locale: Locale) {
  return createTranslator({ locale, messages: messagesFor(locale) });
}

// One per language, made once: every request needs one.
const translators = new Map<Locale, ReturnType<typeof makeTranslator>>();

export function translator(locale: Locale) {
  let t = translators.get(locale);
  if (!t) translators.set(locale, (t = makeTranslator(locale)));
  return t;
}
