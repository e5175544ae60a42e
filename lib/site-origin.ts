import type { Env } from "@/lib/env";

export type OriginSettings = Pick<Env, "APP_URL" | "appUrlConfigured" | "TRUST_PROXY">;

/**
 * The origin (scheme, host and port) this site's own pages and redirects use: APP_URL's when the
 * operator set it; otherwise, on a machine started with no configuration, the one the request was
 * addressed to (its Host header over plain http, as scripts/server.ts serves, or the proxy's scheme
 * and host with TRUST_PROXY). Never the request's own URL, which names the address the server is
 * bound to (http://0.0.0.0:3000) rather than the one the browser used.
 */
export function siteOrigin(req: { headers: Headers }, settings: OriginSettings): string | null {
  if (settings.appUrlConfigured) return new URL(settings.APP_URL).origin;
  const forwarded = (name: string) => (settings.TRUST_PROXY ? req.headers.get(name)?.split(",")[0]?.trim() : undefined);
  const host = forwarded("x-forwarded-host") || req.headers.get("host");
  if (!host) return null;
  const scheme = forwarded("x-forwarded-proto") === "https" ? "https" : "http";
  try {
    return new URL(`${scheme}://${host}`).origin;
  } catch {
    return null;
  }
}

/** An address on this site, for a redirect or a link: `path` on siteOrigin, or on APP_URL when the request names no host. */
export function siteUrl(path: string, req: { headers: Headers }, settings: OriginSettings): URL {
  return new URL(path, siteOrigin(req, settings) ?? settings.APP_URL);
}
