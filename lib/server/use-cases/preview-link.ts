import "server-only";
import { sniffImageType } from "@/lib/image-data";
import { OutboundRefused, checkOutboundUrl, safeFetch, type SafeFetchOptions } from "@/lib/server/outbound/safe-fetch";
import { log } from "@/lib/server/log";
import { findCachedPreview, rememberPreview } from "@/lib/server/queries/link-preview-cache";
import type { LinkPreview } from "@/lib/server/present/link-preview";

export class LinkPreviewFailed extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "LinkPreviewFailed";
  }
}

const PAGE_MAX_BYTES = 1024 * 1024;
const IMAGE_MAX_BYTES = 1024 * 1024;
const TIMEOUT_MS = 5_000;
const MAX_REDIRECTS = 3;
const FRESH_MS = 24 * 60 * 60_000;
const FAILED_FRESH_MS = 60 * 60_000;
const TITLE_MAX = 200;
const DESCRIPTION_MAX = 500;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** Plain text from an HTML attribute or element: entities decoded, tags and runs of space removed. */
function plain(value: string | undefined, max: number): string | null {
  if (!value) return null;
  const text = value
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === "#") {
        const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : " ";
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/[\u0000-\u001f\u007f]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return text ? text.slice(0, max) : null;
}

function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const match of tag.matchAll(/([a-zA-Z_:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g)) {
    out[match[1].toLowerCase()] = match[2] ?? match[3] ?? match[4] ?? "";
  }
  return out;
}

/** Title, site name, description and image URL from a page's <head>. */
export function parsePreview(html: string, pageUrl: URL): { title: string | null; siteName: string | null; description: string | null; imageUrl: string | null } {
  const head = html.slice(0, html.search(/<\/head\s*>/i) >= 0 ? html.search(/<\/head\s*>/i) : html.length);
  const meta: Record<string, string> = {};
  // Attribute values may hold ">" (content="<b>…</b>"): quoted values are skipped over whole.
  for (const match of head.matchAll(/<meta\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi)) {
    const attrs = attributes(match[0]);
    const key = (attrs.property ?? attrs.name ?? "").toLowerCase();
    if (key && attrs.content !== undefined && !(key in meta)) meta[key] = attrs.content;
  }
  const titleTag = /<title\b[^>]*>([\s\S]*?)<\/title>/i.exec(head)?.[1];
  let imageUrl: string | null = null;
  const rawImage = meta["og:image"] ?? meta["og:image:url"] ?? meta["twitter:image"];
  if (rawImage) {
    try {
      const resolved = new URL(rawImage.trim(), pageUrl);
      if (resolved.protocol === "http:" || resolved.protocol === "https:") imageUrl = resolved.href;
    } catch {
      imageUrl = null;
    }
  }
  return {
    title: plain(meta["og:title"] ?? meta["twitter:title"] ?? titleTag, TITLE_MAX),
    siteName: plain(meta["og:site_name"], TITLE_MAX) ?? pageUrl.hostname.replace(/^www\./, ""),
    description: plain(meta["og:description"] ?? meta["twitter:description"] ?? meta.description, DESCRIPTION_MAX),
    imageUrl,
  };
}

async function previewImage(url: string, options: Partial<SafeFetchOptions>): Promise<string | null> {
  try {
    const res = await safeFetch(url, { maxBytes: IMAGE_MAX_BYTES, timeoutMs: TIMEOUT_MS, maxRedirects: MAX_REDIRECTS, accept: "image/png,image/jpeg,image/gif,image/webp", ...options });
    if (res.status < 200 || res.status >= 300 || res.truncated) return null;
    const type = sniffImageType(res.body.subarray(0, 16));
    return type ? `data:${type};base64,${res.body.toString("base64")}` : null;
  } catch {
    return null;
  }
}

function decode(body: Buffer, contentType: string): string {
  const charset = /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ?? /<meta[^>]+charset=["']?([\w-]+)/i.exec(body.subarray(0, 2048).toString("latin1"))?.[1] ?? "utf-8";
  try {
    return new TextDecoder(charset.toLowerCase()).decode(body);
  } catch {
    return new TextDecoder("utf-8").decode(body);
  }
}

/**
 * The preview card of a link: fetched under every outbound rule (safe-fetch.ts), cached for a day
 * (a failure for an hour) in the database so every instance shares it. Throws OutboundRefused
 * for a URL that may not be fetched, LinkPreviewFailed when the page gives nothing to show.
 * `fetchOptions` is for tests only (a loopback server).
 */
export async function linkPreview(raw: string, fetchOptions: Partial<SafeFetchOptions> = {}): Promise<LinkPreview> {
  const url = checkOutboundUrl(raw, fetchOptions);
  url.hash = "";
  const key = url.href;
  const cached = await findCachedPreview(key);
  if (cached && Date.now() - cached.fetchedAt.getTime() < (cached.ok ? FRESH_MS : FAILED_FRESH_MS)) {
    if (!cached.ok || !cached.data) throw new LinkPreviewFailed("cached_failure");
    return cached.data as unknown as LinkPreview;
  }
  const remember = (ok: boolean, data: LinkPreview | null) => rememberPreview({ url: key, ok, data: data as unknown as Record<string, string | null> | null });
  try {
    const res = await safeFetch(key, { maxBytes: PAGE_MAX_BYTES, timeoutMs: TIMEOUT_MS, maxRedirects: MAX_REDIRECTS, accept: "text/html,application/xhtml+xml", ...fetchOptions });
    if (res.status < 200 || res.status >= 300) throw new LinkPreviewFailed(`status ${res.status}`);
    if (!/html/i.test(res.contentType)) throw new LinkPreviewFailed("not_html");
    const parsed = parsePreview(decode(res.body, res.contentType), res.url);
    if (!parsed.title && !parsed.description) throw new LinkPreviewFailed("nothing_to_show");
    const preview: LinkPreview = {
      title: parsed.title,
      siteName: parsed.siteName,
      description: parsed.description,
      image: parsed.imageUrl ? await previewImage(parsed.imageUrl, fetchOptions) : null,
    };
    await remember(true, preview);
    return preview;
  } catch (error) {
    if (error instanceof OutboundRefused) throw error;
    log.info("link preview failed", { url: key, error: error instanceof Error ? error.message : String(error) });
    await remember(false, null).catch(() => undefined);
    throw error instanceof LinkPreviewFailed ? error : new LinkPreviewFailed("fetch_failed");
  }
}
