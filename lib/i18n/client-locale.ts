import { LANGUAGE_STORAGE_KEY, LOCALE_COOKIE, type Locale } from "@/lib/constants";
import { localStore, setPreferenceCookie } from "@/lib/browser-storage";
import { isLocale } from "./locale-choice";

// The language lives in two places (docs/rules/chat.md#language-and-theme): localStorage.language for the browser and
// the NEXT_LOCALE cookie so the server renders in the same language.

export function readStoredLanguage(): Locale | undefined {
  const value = localStore().getItem(LANGUAGE_STORAGE_KEY);
  return isLocale(value) ? value : undefined;
}

/** Where the browser refuses storage (a framed share), the page keeps the choice in memory and the cookie still carries it. */
export function persistLanguage(locale: Locale) {
  try {
    localStore().setItem(LANGUAGE_STORAGE_KEY, locale);
  } catch {
    // Storage full: the cookie still carries the choice.
  }
  setPreferenceCookie(LOCALE_COOKIE, locale);
}
