import { DEFAULT_LOCALE, LOCALES, type Locale } from "@/lib/constants";

// Which locale a saved choice names. Kept apart from the catalogues (lib/i18n/locale.ts): the
// browser needs these two functions on every page, and importing them from beside both JSON
// catalogues put every message of both languages into every page's JavaScript.

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The saved choice, else zh-TW: the product speaks Traditional Chinese until told otherwise. */
export function resolveLocale(saved: string | undefined | null): Locale {
  return isLocale(saved) ? saved : DEFAULT_LOCALE;
}
