// The browser-facing security headers of every response, built from plain inputs so the proxy, the
// tests and an https deployment all read the same values (docs/rules/security.md#browser-headers). No "server-only": a
// Playwright spec replays the https headers with these functions.

export interface SecuritySettings {
  /** The public base URL (env.APP_URL): https:// turns on HSTS, COOP and Permissions-Policy. */
  appUrl: string;
  /** `next dev`: React reconstructs server error stacks with eval there, never in production. */
  development: boolean;
}

/** The request header the proxy hands the page's nonce in (the theme's inline script reads it). */
export const NONCE_HEADER = "x-nonce";

/** Two years, every subdomain: what browsers' preload lists ask for (without opting into preload). */
export const STRICT_TRANSPORT_SECURITY = "max-age=63072000; includeSubDomains";

/** Powerful features the product never uses, refused to the page and to anything it might embed. */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "hid=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "serial=()",
  "usb=()",
  "browsing-topics=()",
].join(", ");

/** The API's JSON and files (next.config.ts): nothing in them may run, load or be framed. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Generated images (the Open Graph image, the icon): the same, except that a browser showing one
 * on its own styles its image viewer inline, which would otherwise be reported as a violation.
 */
export const FILE_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

/** 128 random bits, base64: fresh for every page response. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

const isHttps = (settings: SecuritySettings) => settings.appUrl.startsWith("https://");

/**
 * A page's policy. Scripts: only those carrying this response's nonce (Next's own, and the
 * inline theme script) and what they load ('strict-dynamic'); 'self' is the fallback for browsers
 * without 'strict-dynamic'. Styles keep 'unsafe-inline': server-rendered style="" attributes (React,
 * Radix) and sonner's injected <style> need it, and a nonce in style-src would switch it off.
 * Styles cannot run script, and with img-src/font-src/connect-src limited to this site an injected
 * style cannot send anything elsewhere either. Images: chat images and link previews are data: URLs.
 */
export function pageContentSecurityPolicy(options: { nonce: string; embedOrigins: readonly string[] }, settings: SecuritySettings): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${options.nonce}' 'strict-dynamic'${settings.development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${options.embedOrigins.length > 0 ? options.embedOrigins.join(" ") : "'none'"}`,
  ];
  if (isHttps(settings)) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** Headers that only mean something over https (HSTS is ignored over http; docs/rules/security.md#browser-headers). */
function httpsHeaders(settings: SecuritySettings): Record<string, string> {
  if (!isHttps(settings)) return {};
  return { "Strict-Transport-Security": STRICT_TRANSPORT_SECURITY, "Permissions-Policy": PERMISSIONS_POLICY };
}

export interface PageHeaderOptions {
  nonce: string;
  /** Origins allowed to frame this page (a share's, as its owner listed them); [] for none. */
  embedOrigins: readonly string[];
  /**
   * The page a Google sign-in popup lands on, which must still reach the page that opened it. It
   * comes back from another origin (Google), so any COOP of its own would put it in a new browsing
   * context group and cut window.opener; it sends none (unsafe-none) and closes itself at once.
   */
  signInPopup?: boolean;
}

/** Every header a page response carries besides the static ones in next.config.ts. */
export function pageSecurityHeaders(options: PageHeaderOptions, settings: SecuritySettings): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": pageContentSecurityPolicy(options, settings),
    ...httpsHeaders(settings),
  };
  // For browsers that predate frame-ancestors; it cannot name a list of sites, so an embeddable
  // page relies on frame-ancestors alone (which modern browsers prefer over it anyway).
  if (options.embedOrigins.length === 0) headers["X-Frame-Options"] = "DENY";
  // same-origin-allow-popups rather than same-origin: the shared page opens the Google sign-in
  // popup and must keep its reference to it (same-origin would sever it as soon as the popup
  // leaves for Google), while a page that opens ours still gets no handle on it.
  if (isHttps(settings)) headers["Cross-Origin-Opener-Policy"] = options.signInPopup ? "unsafe-none" : "same-origin-allow-popups";
  return headers;
}

/** Headers of generated images and files (the Open Graph image, the icon): nothing runs, nothing frames them. */
export function resourceSecurityHeaders(settings: SecuritySettings): Record<string, string> {
  return { "Content-Security-Policy": FILE_CONTENT_SECURITY_POLICY, "X-Frame-Options": "DENY", ...httpsHeaders(settings) };
}
