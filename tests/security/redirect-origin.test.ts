import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import * as unsubscribe from "@/app/api/email/unsubscribe/route";
import { env } from "@/lib/env";
import { siteUrl } from "@/lib/site-origin";
import { proxy } from "@/proxy";

// docs/rules/security.md#cross-site-requests: a redirect the server sends names the site as the
// browser knows it (APP_URL, or the Host the request came with; the proxy's with TRUST_PROXY),
// never the address the server is bound to: the unsubscribe link opened in a browser once went to
// http://0.0.0.0:PORT, an address no browser can reach.

const BOUND = "http://0.0.0.0:3600";
const expectedOrigin = env.appUrlConfigured ? new URL(env.APP_URL).origin : "http://docs.example.com";

describe("redirects name the site, not the bind address", () => {
  it("the unsubscribe link opened in a browser goes to this site's confirmation page", async () => {
    const req = new NextRequest(`${BOUND}/api/email/unsubscribe?token=abc.def`, { headers: { host: "docs.example.com" } });
    const res = await unsubscribe.GET(req, { params: Promise.resolve({}) });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get("location")!);
    expect(location.origin).toBe(expectedOrigin);
    expect(location.pathname).toBe("/unsubscribe");
    expect(location.searchParams.get("token")).toBe("abc.def");
  });

  it("a guarded page asked for without a session goes to this site's sign-in page", async () => {
    const req = new NextRequest(`${BOUND}/admin`, { headers: { host: "docs.example.com" } });
    const res = await proxy(req);
    const location = new URL(res.headers.get("location")!);
    expect(location.origin).toBe(expectedOrigin);
    expect(`${location.pathname}${location.search}`).toBe("/auth?next=%2Fadmin");
  });

  it("takes APP_URL when set, and the proxy's host and scheme only when the proxy is trusted", () => {
    const headers = new Headers({ host: "docs.example.com:8080", "x-forwarded-host": "docs.example.com", "x-forwarded-proto": "https" });
    expect(siteUrl("/unsubscribe", { headers }, { APP_URL: "https://app.example.com", appUrlConfigured: true, TRUST_PROXY: true }).href).toBe("https://app.example.com/unsubscribe");
    expect(siteUrl("/unsubscribe", { headers }, { APP_URL: "http://localhost:3000", appUrlConfigured: false, TRUST_PROXY: true }).href).toBe("https://docs.example.com/unsubscribe");
    expect(siteUrl("/unsubscribe", { headers }, { APP_URL: "http://localhost:3000", appUrlConfigured: false, TRUST_PROXY: false }).href).toBe("http://docs.example.com:8080/unsubscribe");
    expect(siteUrl("/unsubscribe", { headers: new Headers() }, { APP_URL: "http://localhost:3000", appUrlConfigured: false, TRUST_PROXY: false }).href).toBe("http://localhost:3000/unsubscribe");
  });
});
