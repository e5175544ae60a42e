import { z } from "zod";
import "@/lib/zod-jitless";
import { EMBED_ORIGIN_MAX_LENGTH, EMBED_ORIGINS_MAX } from "@/lib/constants";

// The sites an owner lets embed a share in an <iframe>. Each entry becomes a source of the share
// page's CSP frame-ancestors, so it must be exactly an origin and nothing a header could misread:
// https:// (http:// only for the owner's own machine), a host name or IPv4 address, an optional
// port; no path, query, fragment, credentials or wildcard. The browser and the server check alike.

export type EmbedOriginProblem = "invalid" | "scheme" | "path" | "wildcard";

/** http:// is accepted only here: a page on the owner's own computer, for trying an embed out. */
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1"]);
// Letters, digits and hyphens per label (IDN as punycode, as URL gives it), a top-level label that
// is not all digits. CSP host sources cannot express IPv6 literals, so none are accepted.
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z][a-z0-9-]{0,61}[a-z0-9]|xn--[a-z0-9-]{1,59})$/;
const IPV4 = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
/** What a normalized origin looks like, and the only thing ever written into a header. */
const ORIGIN_SHAPE = /^https?:\/\/[a-z0-9.-]+(?::\d{1,5})?$/;

/** The origin `input` names (lower-cased, default port dropped, IDN as punycode), or why it is refused. */
export function normalizeEmbedOrigin(input: string): { origin: string } | { problem: EmbedOriginProblem } {
  const raw = input.trim();
  if (raw.includes("*")) return { problem: "wildcard" };
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) return { problem: "invalid" };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { problem: "invalid" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { problem: "scheme" };
  if (url.username || url.password) return { problem: "invalid" };
  // "https://example.com/" is the origin with its root path; anything more is a page, not a site.
  if (url.pathname !== "/" || url.search || url.hash || /[?#]/.test(raw)) return { problem: "path" };
  // An address written other than as four decimals (0x7f000001, 1.2.3) is refused rather than
  // rewritten into one the owner never typed.
  if (IPV4.test(url.hostname) && !raw.toLowerCase().includes(`//${url.hostname}`)) return { problem: "invalid" };
  const loopback = LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol === "http:" && !loopback) return { problem: "scheme" };
  if (!loopback && !DOMAIN.test(url.hostname) && !IPV4.test(url.hostname)) return { problem: "invalid" };
  if (!ORIGIN_SHAPE.test(url.origin)) return { problem: "invalid" };
  return { origin: url.origin };
}

/** True for a string that is already a normalized, acceptable origin (what the database holds). */
export function isEmbedOrigin(value: string): boolean {
  const checked = normalizeEmbedOrigin(value);
  return "origin" in checked && checked.origin === value;
}

export const EMBED_ORIGIN_MESSAGES = {
  invalid: "validation.embedOriginInvalid",
  scheme: "validation.embedOriginScheme",
  path: "validation.embedOriginPath",
  wildcard: "validation.embedOriginWildcard",
} as const satisfies Record<EmbedOriginProblem, string>;

const embedOrigin = z
  .string()
  .max(EMBED_ORIGIN_MAX_LENGTH, EMBED_ORIGIN_MESSAGES.invalid)
  .transform((value, ctx) => {
    const checked = normalizeEmbedOrigin(value);
    if ("origin" in checked) return checked.origin;
    ctx.addIssue({ code: "custom", message: EMBED_ORIGIN_MESSAGES[checked.problem] });
    return z.NEVER;
  });

/** The list as the owner sends it: each entry checked and normalized, duplicates dropped, order kept. */
export const embedOriginsSchema = z
  .array(embedOrigin)
  .max(EMBED_ORIGINS_MAX, "validation.embedOriginsTooMany")
  .transform((origins) => [...new Set(origins)]);

/** The lines of the "allowed sites" field: one origin a line (commas and spaces separate too), blanks dropped. */
export function embedOriginLines(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
}
