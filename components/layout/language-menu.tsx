"use client";

import { useTransition } from "react";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { LOCALES, type Locale } from "@/lib/constants";
import { persistLanguage } from "@/lib/i18n/client-locale";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { LanguageButton } from "./language-button";

/** The language menu proper, loaded on first use (language-switcher.tsx); opens as it mounts. */
export function LanguageMenu({ openedByKeyboard }: { openedByKeyboard: boolean }) {
  const t = useTranslations("language");
  const locale = useLocale() as Locale;
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <DropdownMenu defaultOpen openedByKeyboard={openedByKeyboard}>
      <DropdownMenuTrigger asChild>
        <LanguageButton disabled={pending} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{t("label")}</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={locale}
          onValueChange={(value) => {
            persistLanguage(value as Locale);
            startTransition(() => router.refresh());
          }}
        >
          {LOCALES.map((l) => (
            <DropdownMenuRadioItem key={l} value={l} data-testid={`language-${l}`} lang={l}>
              {t(l)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
