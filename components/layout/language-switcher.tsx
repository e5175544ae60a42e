"use client";

import { useState } from "react";
import { LanguageButton } from "./language-button";

type Menu = typeof import("./language-menu").LanguageMenu;
const loadMenu = () => import("./language-menu").then((m) => m.LanguageMenu);

/**
 * The language menu, whose code (a Radix menu with its positioning and focus handling, ~20 KB
 * compressed) is fetched on first use rather than with every page: a pointer over the button
 * starts the download, and pressing it (mouse, touch or keyboard) opens the menu once it is here.
 * The plain button is swapped for the menu's own only when pressed, so a touch is never split
 * between two buttons.
 */
export function LanguageSwitcher() {
  const [menu, setMenu] = useState<{ Menu: Menu } | null>(null);
  const [loading, setLoading] = useState(false);
  if (menu) return <menu.Menu />;
  return (
    <LanguageButton
      aria-expanded={false}
      aria-busy={loading || undefined}
      onPointerEnter={() => void loadMenu().catch(() => undefined)}
      onClick={() => {
        setLoading(true);
        loadMenu().then(
          (Menu) => setMenu({ Menu }),
          () => setLoading(false),
        );
      }}
    />
  );
}
