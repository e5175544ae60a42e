import type { Locale } from "@/lib/constants";
import zhTW from "@/messages/zh-TW.json";
import en from "@/messages/en.json";

export type Messages = typeof zhTW;

const MESSAGES: Record<Locale, Messages> = { "zh-TW": zhTW, en: en as Messages };

export { isLocale, resolveLocale } from "./locale-choice";

export function messagesFor(locale: Locale): Messages {
  return MESSAGES[locale];
}
