import { DEFAULT_THEME, THEME_STORAGE_KEY } from "@/lib/constants";

// Light or dark: the reader's choice is kept in localStorage and shown as a class on <html>. The
// class is set by the inline script below before the first paint (no flash of the other theme),
// and by setTheme afterwards (components/layout/use-theme.ts).

export type Theme = "light" | "dark";

export const isTheme = (value: unknown): value is Theme => value === "light" || value === "dark";

/**
 * Puts `theme` on <html>: the class Tailwind's dark variant reads, and the color-scheme that
 * native controls and scrollbars follow. Also the body of the inline script, so both agree.
 */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement) {
  root.classList.remove("light", "dark");
  root.classList.add(theme);
  root.style.colorScheme = theme;
}

/** The inline script for the page's <body>: the stored theme (or the default) before anything paints. */
export const THEME_SCRIPT = `(function(){var t;try{t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)})}catch(e){}if(t!=="light"&&t!=="dark")t=${JSON.stringify(DEFAULT_THEME)};(${applyTheme.toString()})(t,document.documentElement)})()`;
