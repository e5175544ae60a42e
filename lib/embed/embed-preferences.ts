import { LOCALE_COOKIE, THEME_COOKIE } from "@/lib/constants";

// A share page framed by the chat bubble is asked for a language and theme in its address
// (?lang=en&theme=dark): a frame on another site keeps no cookie of ours, so the bubble's choice
// is read as if the visitor's cookies said so, for that one request, and stored nowhere.

const LANGS = new Set(["zh-TW", "en"]);
const THEMES = new Set(["light", "dark"]);

/** The Cookie header the page is drawn with: the request's own, the address's choices in place of its language and theme; null when the address asks for neither. */
export function cookiesWithEmbedChoices(cookieHeader: string | null, params: URLSearchParams): string | null {
  const lang = params.get("lang");
  const theme = params.get("theme");
  const chosen: [string, string][] = [];
  if (lang && LANGS.has(lang)) chosen.push([LOCALE_COOKIE, lang]);
  if (theme && THEMES.has(theme)) chosen.push([THEME_COOKIE, theme]);
  if (chosen.length === 0) return null;
  const replaced = new Set(chosen.map(([name]) => name));
  const kept = (cookieHeader ?? "")
    .split(";")
    .map((pair) => pair.trim())
    .filter((pair) => pair !== "" && !replaced.has(pair.split("=")[0].trim()));
  return [...kept, ...chosen.map(([name, value]) => `${name}=${value}`)].join("; ");
}
