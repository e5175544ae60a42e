import "server-only";
import type { ErrorCode } from "@/lib/errors";
import { AppError } from "@/lib/server/errors";
import { OutboundRefused, checkOutboundUrl, safeFetch, type SafeFetchOptions } from "@/lib/server/outbound/safe-fetch";
import { detectType, type DocumentKind } from "@/lib/server/ingest/worker/detect-type.mjs";

// Fetching a web page someone wants as a document: through the outbound guard (safe-fetch.ts:
// public addresses only, every redirect checked, the connected address checked, size and time
// capped), then sorted into what the product can read. Every refusal is an AppError with a
// reason of its own ("webPages.errors.*" in messages/*.json); nothing is stored here.

/** The most a page's HTML may weigh: past this it is no article (and would only tie up a parse process). */
export const WEB_PAGE_HTML_MAX_BYTES = 5 * 1024 * 1024;
/** Fetching a page, its redirects and its whole body. */
export const WEB_PAGE_TIMEOUT_MS = 15_000;
const MAX_REDIRECTS = 3;
const MB = 1024 * 1024;
const ACCEPT = "text/html,application/xhtml+xml,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain;q=0.9,text/markdown;q=0.9,*/*;q=0.1";
const USER_AGENT = "Mozilla/5.0 (compatible; DocChat/1.0; +web page added to a document library)";

// Where sites send a visitor who must sign in first: a redirect ending on one of these is a login wall.
const SIGN_IN_PATH = /(^|\/)(log-?in|sign-?in|sign_in|logon|auth|sso|oauth2?|cas|saml2?|session\/new|accounts?\/login|users\/sign_in)(\/|$|\.|\?)/i;
const SIGN_IN_HOSTS = /^(accounts\.google\.com|login\.microsoftonline\.com|login\.live\.com|.*\.okta\.com|.*\.auth0\.com)$/i;

export interface FetchedPage {
  /** The address as the owner gave it, without its #fragment. */
  url: string;
  /** Where the content came from after redirects. */
  finalUrl: string;
  fetchedAt: Date;
  /** "html" for a page (its bytes then UTF-8 HTML); otherwise the file kind read from its content. */
  kind: DocumentKind;
  bytes: Uint8Array;
  /** A name for a file served at the address (its last path segment), else the host and path. */
  fileName: string;
}

function refused(reason: string, code: ErrorCode = "unprocessable", params?: Record<string, string | number>): AppError {
  return new AppError(code, { messageKey: `webPages.errors.${reason}`, params, details: { reason } });
}

/** The owner's address, checked before anything is fetched: http(s), no credentials, a public host. */
export function normalizeWebAddress(raw: string, fetchOptions: Partial<SafeFetchOptions> = {}): URL {
  const trimmed = raw.trim();
  // "example.com/page" as people type it.
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = checkOutboundUrl(withScheme, fetchOptions);
  } catch (error) {
    if (error instanceof OutboundRefused) throw outboundRefusal(error);
    throw error;
  }
  url.hash = "";
  return url;
}

function outboundRefusal(error: OutboundRefused): AppError {
  switch (error.reason) {
    case "invalid_url":
      return refused("invalid_url", "bad_request");
    case "scheme":
      return refused("scheme", "bad_request");
    case "too_many_redirects":
      return refused("too_many_redirects");
    // Port, credentials and address: the server does not fetch from there (private networks, this machine).
    default:
      return refused("private_address", "bad_request");
  }
}

function charsetOf(contentType: string, body: Uint8Array): string {
  const declared = /charset=["']?([\w-]+)/i.exec(contentType)?.[1];
  if (declared) return declared.toLowerCase();
  // An HTML page names its encoding in its first 1024 bytes, when its server does not.
  const head = Buffer.from(body.subarray(0, 1024)).toString("latin1");
  return (/<meta[^>]+charset=["']?([\w-]+)/i.exec(head)?.[1] ?? "utf-8").toLowerCase();
}

/** Text in whatever encoding the site used (Big5 pages are still common here), as UTF-8. */
function asUtf8(body: Uint8Array, contentType: string): Uint8Array {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charsetOf(contentType, body));
  } catch {
    decoder = new TextDecoder("utf-8");
  }
  return new TextEncoder().encode(decoder.decode(body));
}

function looksLikeHtml(body: Uint8Array): boolean {
  const start = Buffer.from(body.subarray(0, 512)).toString("latin1").replace(/^\uFEFF|^\xEF\xBB\xBF/, "").trimStart().toLowerCase();
  return start.startsWith("<!doctype html") || start.startsWith("<html");
}

function fileNameOf(url: URL): string {
  const last = url.pathname.split("/").filter(Boolean).pop();
  if (last) {
    try {
      return decodeURIComponent(last);
    } catch {
      return last;
    }
  }
  return url.hostname;
}

function isSignInRedirect(requested: URL, final: URL): boolean {
  if (requested.href === final.href) return false;
  return SIGN_IN_HOSTS.test(final.hostname) || SIGN_IN_PATH.test(final.pathname);
}

/**
 * Fetches the page at `url` (already normalised) within `maxBytes`, and tells what it is: an HTML
 * page, or a file the product reads (PDF, Word, text). Throws an AppError with the reason for
 * everything else. `fetchOptions` is for tests only (a loopback server), as for link previews.
 */
export async function fetchWebPage(url: URL, maxBytes: number, fetchOptions: Partial<SafeFetchOptions> = {}): Promise<FetchedPage> {
  const fetchedAt = new Date();
  let res;
  try {
    res = await safeFetch(url.href, { maxBytes, timeoutMs: WEB_PAGE_TIMEOUT_MS, maxRedirects: MAX_REDIRECTS, accept: ACCEPT, userAgent: USER_AGENT, ...fetchOptions });
  } catch (error) {
    if (error instanceof OutboundRefused) throw outboundRefusal(error);
    const name = (error as { name?: string }).name;
    if (name === "AbortError" || name === "TimeoutError") throw refused("timeout", "unprocessable", { seconds: Math.round((fetchOptions.timeoutMs ?? WEB_PAGE_TIMEOUT_MS) / 1000) });
    throw refused("unreachable");
  }
  if (res.status === 401 || res.status === 403 || res.status === 407) throw refused("login_required");
  if (res.status === 404 || res.status === 410) throw refused("not_found");
  if (res.status < 200 || res.status >= 300) throw refused("http_error", "unprocessable", { status: res.status });
  if (isSignInRedirect(url, res.url)) throw refused("login_required");
  if (res.truncated) throw refused("too_large", "payload_too_large", { limit: Math.floor(maxBytes / MB) });
  if (res.body.byteLength === 0) throw refused("empty");

  const type = res.contentType.split(";")[0].trim().toLowerCase();
  const base = { url: url.href, finalUrl: res.url.href, fetchedAt };
  if (type === "text/html" || type === "application/xhtml+xml" || ((type === "" || type === "application/octet-stream") && looksLikeHtml(res.body))) {
    if (res.body.byteLength > WEB_PAGE_HTML_MAX_BYTES) throw refused("too_large", "payload_too_large", { limit: WEB_PAGE_HTML_MAX_BYTES / MB });
    return { ...base, kind: "html", bytes: asUtf8(res.body, res.contentType), fileName: `${res.url.hostname}${res.url.pathname === "/" ? "" : res.url.pathname}` };
  }
  // Not a page: a file the parsers take is added as that file; the type is read from the content.
  const textual = type === "text/plain" || type === "text/markdown";
  const bytes = textual ? asUtf8(res.body, res.contentType) : new Uint8Array(res.body);
  const detected = detectType(bytes, fileNameOf(res.url));
  const file = detected && (detected.kind === "pdf" || detected.kind === "docx" || textual);
  if (!detected || !file) throw refused("unsupported_type", "unsupported_media_type", { type: type || "?" });
  return { ...base, kind: detected.kind, bytes, fileName: fileNameOf(res.url) };
}
