"use client";

import { useEffect } from "react";
import { useLocale } from "next-intl";
import { useRouter } from "next/navigation";
import { persistLanguage, readStoredLanguage } from "@/lib/i18n/client-locale";
import { isLocale } from "@/lib/i18n/locale-choice";

/** Brings the cookie in line with localStorage.language, the browser's home of the choice (docs/rules/chat.md#language-and-theme). */
export function LanguageSync() {
  const locale = useLocale();
  const router = useRouter();
  useEffect(() => {
    const stored = readStoredLanguage();
    if (stored && stored !== locale) {
      persistLanguage(stored);
      router.refresh();
    } else if (!stored && isLocale(locale)) {
      persistLanguage(locale);
    }
  }, [locale, router]);
  return null;
}
