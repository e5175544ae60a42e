import { LANGUAGE_STORAGE_KEY, LOCALE_COOKIE, type Locale } from "@/lib/constants";
import { setPreferenceCookie } from "@/lib/browser-storage";
import { isLocale } from "./locale-choice";

// The language lives in two places, as the spec asks: localStorage.language for the browser and
// the NEXT_LOCALE cookie so the server renders in the same language.

export function readStoredLanguage(): Locale | undefined {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLocale(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function persistLanguage(locale: Locale) {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, locale);
  } catch {
    // Private mode without storage: the cookie still carries the choice.
  }
  setPreferenceCookie(LOCALE_COOKIE, locale);
}
