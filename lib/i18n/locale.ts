import { DEFAULT_LOCALE, LOCALES, type Locale } from "@/lib/constants";
import zhTW from "@/messages/zh-TW.json";
import en from "@/messages/en.json";

export type Messages = typeof zhTW;

const MESSAGES: Record<Locale, Messages> = { "zh-TW": zhTW, en: en as Messages };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The saved choice wins; otherwise the browser's languages, with zh-TW for anything that is not English. */
export function resolveLocale(saved: string | undefined | null, acceptLanguage?: string | null): Locale {
  if (isLocale(saved)) return saved;
  if (acceptLanguage) {
    const first = acceptLanguage.split(",")[0]?.trim().toLowerCase() ?? "";
    if (first.startsWith("en")) return "en";
  }
  return DEFAULT_LOCALE;
}

export function messagesFor(locale: Locale): Messages {
  return MESSAGES[locale];
}
