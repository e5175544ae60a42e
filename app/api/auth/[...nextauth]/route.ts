import { callNextAuth, toResponse } from "@/lib/server/auth/next-auth-handler";
import { requestCookies } from "@/lib/server/request-cookies";
import { AppError } from "@/lib/server/errors";
import { errorResponse } from "@/lib/server/http/route";
import { localeOf, translator } from "@/lib/server/i18n";

// next-auth's actions this product uses. "_log" (client log shipping) is left out: it would let
// anyone write to the server log.
const ACTIONS = new Set(["callback", "csrf", "session", "providers", "signin", "signout", "error"]);

// /api/auth/*: next-auth's own endpoints (the Google callback above all).
async function handle(req: Request, ctx: { params: Promise<{ nextauth: string[] }> }) {
  const { nextauth } = await ctx.params;
  if (!ACTIONS.has(nextauth[0] ?? "")) return errorResponse(new AppError("not_found"), translator(localeOf(req)));
  const url = new URL(req.url);
  const query = Object.fromEntries(url.searchParams);
  let body: Record<string, unknown> | undefined;
  if (req.method === "POST") {
    const type = req.headers.get("content-type") ?? "";
    if (type.includes("application/x-www-form-urlencoded")) body = Object.fromEntries(new URLSearchParams(await req.text()));
    else if (type.includes("application/json")) body = await req.json().catch(() => undefined);
  }
  const res = await callNextAuth({
    action: nextauth[0] as never,
    providerId: nextauth[1],
    error: query.error ?? nextauth[1],
    method: req.method,
    query,
    body,
    cookies: requestCookies(req),
    headers: Object.fromEntries(req.headers),
  });
  // next-auth answers an action it does not have (or a disabled provider) with a bare
  // "Error: …" string; answer in the API's own error shape instead.
  if (res.status === 400 && typeof res.body === "string") {
    return errorResponse(new AppError("not_found"), translator(localeOf(req)));
  }
  return toResponse(res);
}

export { handle as GET, handle as POST };
