"use client";

import { LanguageButton } from "./language-button";
import { useLoadOnUse } from "./use-load-on-use";

const loadMenu = () => import("./language-menu").then((m) => m.LanguageMenu);

/** The language menu, loaded on first use (use-load-on-use.ts). */
export function LanguageSwitcher() {
  const { loaded: Menu, byKeyboard, triggerProps } = useLoadOnUse(loadMenu);
  if (Menu) return <Menu openedByKeyboard={byKeyboard} />;
  return <LanguageButton {...triggerProps} />;
}
