import { NextResponse, type NextRequest } from "next/server";
import { ruleFor } from "@/lib/route-access";
import { SESSION_COOKIE_NAMES } from "@/lib/session-cookie-names";

// The fast path only: a guarded page requested without any session cookie goes straight to
// /auth. Whether a cookie is valid, and whether the role may see the page, every page and
// handler checks for itself, so nothing here (or a forged x-middleware-subrequest) grants access.
export function proxy(req: NextRequest) {
  const rule = ruleFor(req.nextUrl.pathname);
  if (!rule || rule.kind === "public") return NextResponse.next();
  const hasCookie = SESSION_COOKIE_NAMES.some((name) => req.cookies.has(name));
  if (hasCookie) return NextResponse.next();
  const url = req.nextUrl.clone();
  url.pathname = "/auth";
  url.search = `?next=${encodeURIComponent(req.nextUrl.pathname)}`;
  return NextResponse.redirect(url);
}

export const config = {
  matcher: ["/((?!api|_next|favicon.ico|robots.txt|.*\\.[a-zA-Z0-9]+$).*)"],
};
