import "server-only";
import type { Locale } from "@/lib/constants";
import zhTW from "./suggestion-texts/zh-TW.json";
import en from "./suggestion-texts/en.json";

// The texts suggested questions are made of, per language: the fixed lists for when nothing better
// can be asked, and the built-in model's question templates ({topic} is filled in by hand). They
// are data for the server, lists and templates, not interface messages: the message catalogs
// (messages/*.json) hold only strings, which the build precompiles for next-intl.

export interface SuggestionTexts {
  initialFallback: string[];
  followUpFallback: string[];
  templates: {
    title: string;
    heading: string;
    definition: { one: string; many: string };
    term: string[];
  };
}

const TEXTS: Record<Locale, SuggestionTexts> = { "zh-TW": zhTW, en };

export function suggestionTexts(locale: Locale): SuggestionTexts {
  return TEXTS[locale];
}
