import { NextResponse } from "next/server";
import { z } from "zod";
import { env } from "@/lib/env";
import { safeNextPath } from "@/lib/route-access";
import { route } from "@/lib/server/http/route";
import { AppError } from "@/lib/server/errors";
import { callNextAuth, toResponse } from "@/lib/server/auth/next-auth-handler";
import { requestCookies } from "@/lib/server/request-cookies";

const querySchema = z.object({
  shareId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
  popup: z.enum(["true", "false"]).optional(),
  callbackUrl: z.string().max(500).optional(),
});

/** Where the browser lands after Google: the shared page (the popup closes itself from there). */
export function googleReturnPath(query: z.infer<typeof querySchema>): string {
  if (query.shareId) {
    const params = new URLSearchParams({ auth: "success" });
    if (query.popup === "true") params.set("popup", "true");
    return `/shared/${encodeURIComponent(query.shareId)}?${params}`;
  }
  return safeNextPath(query.callbackUrl) ?? "/";
}

// GET /api/auth/google?shareId=…[&popup=true]: a browser navigation that starts Google sign-in.
// next-auth only starts a provider sign-in from a POST carrying its CSRF token, so this route
// performs that step on the server and forwards next-auth's redirect and cookies.
export const GET = route({ auth: "public", query: querySchema }, async ({ req, query }) => {
  if (!env.googleEnabled) throw new AppError("not_found", { messageKey: "google_disabled" });
  const headers = Object.fromEntries(req.headers);
  const cookies = requestCookies(req);

  const csrf = await callNextAuth({ action: "csrf", method: "GET", query: {}, cookies, headers });
  const csrfToken = (csrf.body as { csrfToken?: string } | undefined)?.csrfToken;
  if (!csrfToken) throw new AppError("internal");
  for (const c of csrf.cookies ?? []) cookies[c.name] = c.value;

  const signin = await callNextAuth({
    action: "signin",
    providerId: "google",
    method: "POST",
    query: {},
    body: { csrfToken, callbackUrl: `${env.APP_URL}${googleReturnPath(query)}` },
    cookies,
    headers,
  });
  if (!signin.redirect || signin.redirect.startsWith(`${env.APP_URL}/auth`)) {
    return NextResponse.redirect(new URL("/auth?error=google", env.APP_URL));
  }
  return toResponse(signin, csrf.cookies);
});
