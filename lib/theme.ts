import { PREFERENCE_COOKIE_ATTRIBUTES } from "@/lib/browser-storage";
import { DEFAULT_THEME, THEME_COOKIE, THEME_STORAGE_KEY } from "@/lib/constants";

// Light or dark. Until the reader picks one, the page follows their system (prefers-color-scheme);
// once picked, their choice holds: it is kept in localStorage and in a cookie, and shown as a class
// on <html>. The server draws <html> with the cookie's choice, or with no class at all, and the
// stylesheet then follows the system by a media query (app/globals.css): either way the first frame
// is already in the right theme. A script cannot do that alone: an inline script after the
// stylesheet waits for it, and Chromium paints a frame in between (a white flash before every page,
// for a reader who chose dark). The inline script below still runs, for a choice stored before the
// cookie existed (it sets the cookie, so that flash happens once); setTheme keeps both afterwards
// (components/layout/use-theme.ts). The browser bar's colour (theme-color) follows the same.

export type Theme = "light" | "dark";

export const isTheme = (value: unknown): value is Theme => value === "light" || value === "dark";

/** The reader's choice as the cookie tells the server; null: none made, the system decides. */
export const themeFromCookie = (value: string | undefined): Theme | null => (isTheme(value) ? value : null);

/** The theme shown: the reader's choice, else the system's (light when it states none). */
export const shownTheme = (choice: Theme | null, systemDark: boolean): Theme => choice ?? (systemDark ? "dark" : DEFAULT_THEME);

/** The browser bar's colour in each theme: the page's background (app/globals.css). */
export const THEME_COLORS: Record<Theme, string> = { light: "#ffffff", dark: "#16171d" };

/**
 * The theme-color the server draws (Next's viewport themeColor): the chosen theme's colour, or
 * with no choice each theme's under the media query of the system preference that shows it.
 */
export function themeColorFor(choice: Theme | null): string | { media: string; color: string }[] {
  if (choice) return THEME_COLORS[choice];
  return (["light", "dark"] as const).map((theme) => ({ media: `(prefers-color-scheme: ${theme})`, color: THEME_COLORS[theme] }));
}

/** How <html> is drawn for a choice: its class (none follows the system), and the color-scheme native controls and scrollbars follow. */
export const htmlTheme = (choice: Theme | null) => ({ className: choice ?? undefined, colorScheme: choice ?? "light dark" });

/**
 * Puts a chosen `theme` on <html>: the class the stylesheet's dark variant reads, the color-scheme,
 * and the browser bar's colour. Also the body of the inline script, so both agree: it refers to
 * nothing outside itself.
 */
export function applyTheme(theme: Theme, colors: Record<Theme, string>, doc: Document = document) {
  const root = doc.documentElement;
  root.classList.remove("light", "dark");
  root.classList.add(theme);
  root.style.colorScheme = theme;
  doc.querySelectorAll('meta[name="theme-color"]').forEach((meta) => meta.setAttribute("content", colors[theme]));
}

/**
 * The inline script for the page's <body>: a stored theme the cookie does not carry yet is applied
 * and written to the cookie (as setPreferenceCookie would). Nothing stored leaves what the server drew.
 */
export const THEME_SCRIPT = `(function(){var t;try{t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)})}catch(e){}if(t!=="light"&&t!=="dark")return;var n=${JSON.stringify(`${THEME_COOKIE}=`)}+t;if(document.cookie.split("; ").indexOf(n)<0)document.cookie=n+${JSON.stringify(PREFERENCE_COOKIE_ATTRIBUTES)};(${applyTheme.toString()})(t,${JSON.stringify(THEME_COLORS)},document)})()`;
