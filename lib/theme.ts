import { PREFERENCE_COOKIE_ATTRIBUTES } from "@/lib/browser-storage";
import { DEFAULT_THEME, THEME_COOKIE, THEME_STORAGE_KEY } from "@/lib/constants";

// Light or dark: the reader's choice is kept in localStorage and in a cookie, and shown as a class
// on <html>. The server draws <html> with the cookie's theme, so the first frame is already in it.
// A script cannot do that alone: an inline script after the stylesheet waits for it, and Chromium
// paints a frame in between (a white flash before every page, for a reader who chose dark). The
// inline script below still runs, for a choice stored before the cookie existed (it sets the
// cookie, so that flash happens once); setTheme keeps both afterwards (components/layout/use-theme.ts).

export type Theme = "light" | "dark";

export const isTheme = (value: unknown): value is Theme => value === "light" || value === "dark";

/** The theme the server draws: the cookie's, or the default. */
export const themeFromCookie = (value: string | undefined): Theme => (isTheme(value) ? value : DEFAULT_THEME);

/**
 * Puts `theme` on <html>: the class Tailwind's dark variant reads, and the color-scheme that
 * native controls and scrollbars follow. Also the body of the inline script, so both agree.
 */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement) {
  root.classList.remove("light", "dark");
  root.classList.add(theme);
  root.style.colorScheme = theme;
}

/**
 * The inline script for the page's <body>: a stored theme the cookie does not carry yet is applied
 * and written to the cookie (as setPreferenceCookie would). Nothing stored leaves what the server drew.
 */
export const THEME_SCRIPT = `(function(){var t;try{t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)})}catch(e){}if(t!=="light"&&t!=="dark")return;var n=${JSON.stringify(`${THEME_COOKIE}=`)}+t;if(document.cookie.split("; ").indexOf(n)<0)document.cookie=n+${JSON.stringify(PREFERENCE_COOKIE_ATTRIBUTES)};(${applyTheme.toString()})(t,document.documentElement)})()`;
