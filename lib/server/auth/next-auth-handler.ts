import "server-only";
import { AuthHandler } from "next-auth-core";
import type { RequestInternal, ResponseInternal } from "next-auth-core";
import { NextResponse } from "next/server";
import { getAuthOptions } from "./next-auth-options";

// Calls next-auth's core directly with a plain request object, so it works the same in route
// handlers and in tests (no dependence on next/headers request storage).

type Internal = Omit<RequestInternal, "cookies" | "headers"> & {
  cookies?: Record<string, string>;
  headers?: Record<string, string>;
};

export async function callNextAuth(req: Internal): Promise<ResponseInternal> {
  return AuthHandler({ req: req as RequestInternal, options: await getAuthOptions() });
}

export function toResponse(res: ResponseInternal, extraCookies: ResponseInternal["cookies"] = []): Response {
  const headers = new Headers();
  for (const h of res.headers ?? []) headers.set(h.key, h.value);
  let body: BodyInit | null = null;
  if (res.body !== undefined && res.body !== null) {
    body = typeof res.body === "string" ? res.body : JSON.stringify(res.body);
    if (!headers.has("content-type") && typeof res.body !== "string") headers.set("content-type", "application/json");
  }
  if (res.redirect) headers.set("Location", res.redirect);
  const response = new NextResponse(res.redirect ? null : body, { status: res.redirect ? 302 : (res.status ?? 200), headers });
  for (const c of [...extraCookies, ...(res.cookies ?? [])]) {
    const { expires, maxAge, httpOnly, sameSite, path, secure, domain } = c.options ?? {};
    response.cookies.set(c.name, c.value, {
      expires,
      maxAge,
      httpOnly,
      path,
      secure,
      domain,
      sameSite: typeof sameSite === "string" ? (sameSite as "lax" | "strict" | "none") : undefined,
    });
  }
  return response;
}
