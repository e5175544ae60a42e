import { NextResponse, type NextRequest } from "next/server";
import { env } from "@/lib/env";
import { cookiesWithEmbedChoices } from "@/lib/embed/embed-preferences";
import { normalizePath, ruleFor } from "@/lib/route-access";
import { NONCE_HEADER, newNonce, pageSecurityHeaders, resourceSecurityHeaders, type SecuritySettings } from "@/lib/security-headers";
import { sharePageFacts, sharePageId } from "@/lib/server/policies/share-page";
import { siteUrl } from "@/lib/site-origin";
import { SESSION_COOKIE_NAMES } from "@/lib/session-cookie-names";

// Two jobs, both before any page renders:
// 1. Every page response gets its security headers (lib/security-headers.ts), with a fresh CSP
//    nonce that Next reads from the request's Content-Security-Policy and puts on its own scripts,
//    and that the root layout hands to the theme's inline script (x-nonce). A share page's
//    frame-ancestors are the sites its owner allowed; every other page's are 'none'.
//    A share page's status is decided here too: 410 for a link its owner ended, 404 for one no
//    share has (a page cannot set its own status; the page draws what the status says).
// 2. The fast path of the route guard: a guarded page requested without any session cookie goes
//    straight to /auth. Whether a cookie is valid, and whether the role may see the page, every
//    page and handler checks for itself, so nothing here (or a forged x-middleware-subrequest)
//    grants access.

const settings = (): SecuritySettings => ({ appUrl: env.APP_URL, development: env.NODE_ENV === "development" });

/** Generated images and files (metadata routes): not pages, so the strict policy of resources. */
const GENERATED_FILE = /\/(?:opengraph|twitter)-image(?:[-.][^/]*)?$|^\/(?:(?:apple-)?icon(?:[-.][^/]*)?|favicon\.ico|robots\.txt|sitemap\.xml|manifest\.webmanifest)$/;

function withHeaders(res: NextResponse, headers: Record<string, string>): NextResponse {
  for (const [name, value] of Object.entries(headers)) res.headers.set(name, value);
  return res;
}

function signInRedirect(req: NextRequest): NextResponse | null {
  const rule = ruleFor(req.nextUrl.pathname);
  if (!rule || rule.kind === "public") return null;
  if (SESSION_COOKIE_NAMES.some((name) => req.cookies.has(name))) return null;
  // On this site as the browser knows it (APP_URL, or the trusted proxy's host), not the bind address.
  return NextResponse.redirect(siteUrl(`/auth?next=${encodeURIComponent(req.nextUrl.pathname)}`, req, env));
}

export async function proxy(req: NextRequest) {
  const path = normalizePath(req.nextUrl.pathname);
  if (GENERATED_FILE.test(path)) return withHeaders(NextResponse.next(), resourceSecurityHeaders(settings()));

  const nonce = newNonce();
  const shareId = sharePageId(path);
  const share = shareId ? await sharePageFacts(shareId) : null;
  const headers = pageSecurityHeaders(
    {
      nonce,
      embedOrigins: share?.embedOrigins ?? [],
      signInPopup: shareId !== null && req.nextUrl.searchParams.get("popup") === "true",
    },
    settings(),
  );
  const redirect = signInRedirect(req);
  if (redirect) return withHeaders(redirect, headers);

  // Whatever the client sent in these headers is replaced: the nonce is ours alone.
  const requestHeaders = new Headers(req.headers);
  requestHeaders.set(NONCE_HEADER, nonce);
  requestHeaders.set("content-security-policy", headers["Content-Security-Policy"]);
  // The chat bubble's frame asks for its language and theme in the address (lib/embed/embed-preferences.ts).
  const embedCookies = shareId ? cookiesWithEmbedChoices(req.headers.get("cookie"), req.nextUrl.searchParams) : null;
  if (embedCookies !== null) requestHeaders.set("cookie", embedCookies);
  return withHeaders(NextResponse.next({ request: { headers: requestHeaders }, status: share?.status }), headers);
}

export const config = {
  // Every page, including not-found ones. Not the API (JSON and files: next.config.ts gives them
  // their policy; running the proxy there would also copy every upload's body) and not Next's
  // own static files.
  matcher: ["/((?!api(?:/|$)|_next/).*)"],
};
