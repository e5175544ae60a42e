import "server-only";

/**
 * The request's cookies by name. A value with broken percent-encoding is left out, as a browser
 * would ignore it: it reads as "no cookie" (signed out, default language), never as a 500.
 */
export function requestCookies(req: Request): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (req.headers.get("cookie") ?? "").split(/;\s*/)) {
    const eq = part.indexOf("=");
    if (eq <= 0) continue;
    const name = part.slice(0, eq);
    if (name in out) continue;
    try {
      out[name] = decodeURIComponent(part.slice(eq + 1));
    } catch {
      // Malformed: ignored.
    }
  }
  return out;
}
