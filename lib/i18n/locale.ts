import { DEFAULT_LOCALE, LOCALES, type Locale } from "@/lib/constants";
import zhTW from "@/messages/zh-TW.json";
import en from "@/messages/en.json";

export type Messages = typeof zhTW;

const MESSAGES: Record<Locale, Messages> = { "zh-TW": zhTW, en: en as Messages };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The saved choice, else zh-TW: the product speaks Traditional Chinese until told otherwise. */
export function resolveLocale(saved: string | undefined | null): Locale {
  return isLocale(saved) ? saved : DEFAULT_LOCALE;
}

export function messagesFor(locale: Locale): Messages {
  return MESSAGES[locale];
}
