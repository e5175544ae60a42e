import "server-only";
import { createTranslator } from "next-intl";
import { LOCALE_COOKIE, type Locale } from "@/lib/constants";
import { messagesFor, resolveLocale } from "@/lib/i18n/locale";

export function localeOf(req: Request): Locale {
  const cookie = req.headers
    .get("cookie")
    ?.split(/;\s*/)
    .find((c) => c.startsWith(`${LOCALE_COOKIE}=`))
    ?.slice(LOCALE_COOKIE.length + 1);
  return resolveLocale(cookie ? safeDecode(cookie) : undefined);
}

function safeDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

export type ServerTranslator = ReturnType<typeof translator>;

export function translator(locale: Locale) {
  return createTranslator({ locale, messages: messagesFor(locale) });
}
