"use client";

import { useSyncExternalStore } from "react";
import { localStore, setPreferenceCookie } from "@/lib/browser-storage";
import { THEME_COOKIE, THEME_STORAGE_KEY } from "@/lib/constants";
import { THEME_COLORS, applyTheme, isTheme, shownTheme, type Theme } from "@/lib/theme";

// The theme as <html> shows it (drawn by the server from the theme cookie, lib/theme.ts): the class
// of a choice, else the system's preference. Read through an external store rather than a context
// provider: a provider's value changing after hydration would reach every part of the page still
// waiting for its code, and React would then throw away the server's HTML of those parts (the
// shared page's chat, components/share-visitor).

const listeners = new Set<() => void>();
const SYSTEM_DARK = "(prefers-color-scheme: dark)";

function chosen(): Theme | null {
  const classes = document.documentElement.classList;
  return classes.contains("dark") ? "dark" : classes.contains("light") ? "light" : null;
}

const shown = (): Theme => shownTheme(chosen(), window.matchMedia(SYSTEM_DARK).matches);

function show(theme: Theme) {
  applyTheme(theme, THEME_COLORS);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab's choice applies here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY && isTheme(event.newValue)) show(event.newValue);
  };
  // With no choice made, the system switching (at dusk, say) switches the page, and so the toggle.
  const system = window.matchMedia(SYSTEM_DARK);
  window.addEventListener("storage", onStorage);
  system.addEventListener("change", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
    system.removeEventListener("change", listener);
  };
}

export function setTheme(theme: Theme) {
  localStore().setItem(THEME_STORAGE_KEY, theme);
  // The server draws the next page in it.
  setPreferenceCookie(THEME_COOKIE, theme);
  show(theme);
}

/** The theme shown, or null while rendering on the server and hydrating (unknown there). */
export function useTheme(): Theme | null {
  return useSyncExternalStore(subscribe, shown, () => null);
}
