"use client";

import { useTranslations } from "next-intl";
import { Moon, Sun } from "lucide-react";
import { Button } from "@/components/ui/button";
import { setTheme, useTheme } from "./use-theme";

export function ThemeToggle() {
  const t = useTranslations("theme");
  // Unknown on the server: the moon (to dark) until the browser has read it.
  const dark = useTheme() === "dark";
  return (
    <Button variant="ghost" size="icon" data-testid="theme-toggle" aria-label={t("toggle")} title={dark ? t("light") : t("dark")} onClick={() => setTheme(dark ? "light" : "dark")}>
      {dark ? <Sun /> : <Moon />}
    </Button>
  );
}
