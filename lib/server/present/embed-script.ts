import "server-only";
import type { Locale } from "@/lib/constants";
import { bubble, type BubbleTextsByLocale } from "@/lib/embed/bubble";
import { translator } from "@/lib/server/i18n";

/** The bubble's script as served: the function and, for each language, its texts from messages/*.json. */
export function embedScript(locales: readonly Locale[]): string {
  const texts = Object.fromEntries(
    locales.map((locale) => {
      const t = translator(locale);
      return [locale, { open: t("embed.open"), close: t("embed.close"), title: t("embed.title") }];
    }),
  ) as BubbleTextsByLocale;
  return `(${bubble.toString()})(${JSON.stringify(texts)});\n`;
}
