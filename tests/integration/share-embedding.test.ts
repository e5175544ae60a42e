import { afterEach, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import * as shares from "@/app/api/shared-assistants/route";
import * as share from "@/app/api/shared-assistants/[id]/route";
import * as rotate from "@/app/api/shared-assistants/[id]/rotate/route";
import * as shareMessages from "@/app/api/shared-assistants/[id]/messages/route";
import { EMBED_ORIGINS_CACHE_MS, EMBED_ORIGINS_MAX, GUEST_KEY_HEADER } from "@/lib/constants";
import { env } from "@/lib/env";
import * as assistantsRoute from "@/app/api/assistants/route";
import * as assistantRoute from "@/app/api/assistants/[id]/route";
import { embedOriginsFor, sharePageFacts } from "@/lib/server/policies/share-page";
import { readShareLink } from "@/lib/server/use-cases/read-share-link";
import { updateOwnerShare } from "@/lib/server/queries/shared-assistants";
import { EMBEDDED_GUEST_KEY_COOKIE, GUEST_KEY_COOKIE } from "@/lib/server/policies/guest-identity";
import { proxy } from "@/proxy";
import { call, seedUser } from "../support/http";

// docs/rules/security.md#browser-headers: every page carries a nonce-based CSP set by the proxy; a share's page may be
// framed by exactly the sites its owner listed, and nothing else may be framed.

async function ownerShare() {
  const owner = await seedUser({ role: "admin" });
  const res = await call(shares.POST, { method: "POST", path: "/api/shared-assistants", cookie: owner.cookie, body: { name: "清運小幫手", rolePrompt: "你是環保局客服。", includeDocuments: false } });
  expect(res.status).toBe(201);
  return { owner, shareId: res.body.shareId as string, id: res.body.id as string, ownerId: owner.user.id };
}

const patch = (shareId: string, cookie: string, body: unknown) => call(share.PATCH, { method: "PATCH", path: `/api/shared-assistants/${shareId}`, params: { id: shareId }, cookie, body });

/** What the proxy answers for a page request (its response headers, and what it hands the page). */
async function visit(path: string, headers: Record<string, string> = {}) {
  const res = await proxy(new NextRequest(`http://localhost:3000${path}`, { headers }));
  const csp = res.headers.get("content-security-policy") ?? "";
  const directive = (name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `) || d === name)?.split(" ").slice(1);
  return { res, csp, directive, nonce: /'nonce-([^']+)'/.exec(csp)?.[1] };
}

const saved = { APP_URL: env.APP_URL, secureCookies: env.secureCookies };
afterEach(() => Object.assign(env, saved));

describe("PATCH /api/shared-assistants/{shareId}: the sites allowed to embed", () => {
  it("stores the origins normalized and without duplicates, shows them to the owner only", async () => {
    const { owner, shareId } = await ownerShare();
    const res = await patch(shareId, owner.cookie, { embedOrigins: ["https://WWW.Example.com/", "http://localhost:8080", "https://www.example.com:443"] });
    expect(res.status).toBe(200);
    expect(res.body.embedOrigins).toEqual(["https://www.example.com", "http://localhost:8080"]);
    expect((await call(shares.GET, { cookie: owner.cookie })).body[0].embedOrigins).toEqual(["https://www.example.com", "http://localhost:8080"]);
    const visitor = await call(share.GET, { path: `/api/shared-assistants/${shareId}`, params: { id: shareId } });
    expect(visitor.body).not.toHaveProperty("embedOrigins");
    // An empty list takes every site off again.
    expect((await patch(shareId, owner.cookie, { embedOrigins: [] })).body.embedOrigins).toEqual([]);
  });

  it("refuses anything but bare origins, naming the entry and the problem (a message key both languages have); nothing is saved", async () => {
    const { owner, shareId } = await ownerShare();
    const res = await patch(shareId, owner.cookie, { embedOrigins: ["https://ok.example.com", "https://example.com/page", "https://*.example.com", "http://example.org", "https://a.com; frame-ancestors https://evil.example"] });
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { path: string; message: string }) => [d.path, d.message])).toEqual([
      ["embedOrigins.1", "validation.embedOriginPath"],
      ["embedOrigins.2", "validation.embedOriginWildcard"],
      ["embedOrigins.3", "validation.embedOriginScheme"],
      ["embedOrigins.4", "validation.embedOriginInvalid"],
    ]);
    const tooMany = await patch(shareId, owner.cookie, { embedOrigins: Array.from({ length: EMBED_ORIGINS_MAX + 1 }, (_, i) => `https://s${i}.example.com`) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.details[0]).toMatchObject({ path: "embedOrigins", message: "validation.embedOriginsTooMany" });
    for (const body of [{ embedOrigins: "https://a.example.com" }, { embedOrigins: [42] }]) expect((await patch(shareId, owner.cookie, body)).status).toBe(400);
    expect((await call(shares.GET, { cookie: owner.cookie })).body[0].embedOrigins).toEqual([]);
  });

  it("another owner's share answers 404 and keeps its list", async () => {
    const { owner, shareId } = await ownerShare();
    await patch(shareId, owner.cookie, { embedOrigins: ["https://mine.example.com"] });
    const other = await seedUser({ role: "admin" });
    expect((await patch(shareId, other.cookie, { embedOrigins: ["https://evil.example.com"] })).status).toBe(404);
    expect((await visit(`/shared/${shareId}`)).directive("frame-ancestors")).toEqual(["https://mine.example.com"]);
  });
});

describe("proxy: security headers of every page", () => {
  it("a fresh nonce per response, in the CSP and handed to the page (never the client's)", async () => {
    const first = await visit("/guide", { "x-nonce": "attacker", "content-security-policy": "script-src *" });
    const second = await visit("/guide");
    expect(first.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(second.nonce).not.toBe(first.nonce);
    // NextResponse.next({ request: { headers } }) carries the page's request headers in these.
    expect(first.res.headers.get("x-middleware-request-x-nonce")).toBe(first.nonce);
    expect(first.res.headers.get("x-middleware-request-content-security-policy")).toBe(first.csp);
    expect(first.directive("script-src")).toEqual(["'self'", `'nonce-${first.nonce}'`, "'strict-dynamic'"]);
    expect(first.directive("object-src")).toEqual(["'none'"]);
    expect(first.directive("base-uri")).toEqual(["'none'"]);
    expect(first.directive("frame-ancestors")).toEqual(["'none'"]);
    expect(first.res.headers.get("x-frame-options")).toBe("DENY");
  });

  it("not-found pages and the sign-in redirect carry it too; generated images get the strict policy", async () => {
    expect((await visit("/no-such-page.html")).directive("frame-ancestors")).toEqual(["'none'"]);
    const redirect = await visit("/admin");
    expect(redirect.res.status).toBe(307);
    expect(redirect.res.headers.get("location")).toContain("/auth?next=%2Fadmin");
    expect(redirect.nonce).toBeDefined();
    for (const path of ["/shared/AbCdEf123456/opengraph-image", "/icon.svg", "/favicon.ico"]) {
      const image = await visit(path);
      expect(image.csp, path).toBe("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
      expect(image.res.headers.get("x-frame-options")).toBe("DENY");
    }
  });

  it("HSTS, COOP and Permissions-Policy when APP_URL is https; the sign-in popup's landing page keeps its opener", async () => {
    expect((await visit("/guide")).res.headers.get("strict-transport-security")).toBeNull();
    env.APP_URL = "https://docs.example.com";
    const page = await visit("/guide");
    expect(page.res.headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
    expect(page.res.headers.get("cross-origin-opener-policy")).toBe("same-origin-allow-popups");
    expect(page.res.headers.get("permissions-policy")).toContain("camera=()");
    expect(page.directive("upgrade-insecure-requests")).toEqual([]);
    const { shareId } = await ownerShare();
    expect((await visit(`/shared/${shareId}?auth=success&popup=true`)).res.headers.get("cross-origin-opener-policy")).toBe("unsafe-none");
    expect((await visit(`/shared/${shareId}?auth=success`)).res.headers.get("cross-origin-opener-policy")).toBe("same-origin-allow-popups");
    expect((await visit("/shared/x/opengraph-image")).res.headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
  });

  it("a share page may be framed by exactly its owner's sites; unknown and revoked shares by none", async () => {
    const { owner, shareId } = await ownerShare();
    expect((await visit(`/shared/${shareId}`)).directive("frame-ancestors")).toEqual(["'none'"]);
    await patch(shareId, owner.cookie, { embedOrigins: ["https://shop.example.com", "http://localhost:8080"] });
    const page = await visit(`/shared/${shareId}`);
    expect(page.directive("frame-ancestors")).toEqual(["https://shop.example.com", "http://localhost:8080"]);
    expect(page.res.headers.get("x-frame-options")).toBeNull();
    // Only the share's own page: its image and every other page stay unframeable.
    expect((await visit(`/shared/${shareId}/opengraph-image`)).csp).toBe("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
    expect((await visit("/")).directive("frame-ancestors")).toEqual(["'none'"]);
    expect((await visit("/shared/NoSuchShare1")).directive("frame-ancestors")).toEqual(["'none'"]);

    expect((await call(share.DELETE, { method: "DELETE", params: { id: shareId }, cookie: owner.cookie })).status).toBe(200);
    expect((await visit(`/shared/${shareId}`)).directive("frame-ancestors")).toEqual(["'none'"]);
  });

  it("keeps the list a few seconds per instance: this instance's edits apply at once, another's within EMBED_ORIGINS_CACHE_MS", async () => {
    const { owner, shareId, ownerId } = await ownerShare();
    await patch(shareId, owner.cookie, { embedOrigins: ["https://a.example.com"] });
    expect(await embedOriginsFor(shareId)).toEqual(["https://a.example.com"]);
    // Concurrent visits share one look-up.
    expect(sharePageFacts(shareId)).toBe(sharePageFacts(shareId));

    // Written by another instance (straight to the database): this one still frames with the old list…
    await updateOwnerShare(ownerId, shareId, { embedOrigins: ["https://b.example.com"] });
    expect((await visit(`/shared/${shareId}`)).directive("frame-ancestors")).toEqual(["https://a.example.com"]);
    // …until its copy is EMBED_ORIGINS_CACHE_MS old.
    expect(await embedOriginsFor(shareId, Date.now() + EMBED_ORIGINS_CACHE_MS + 1)).toEqual(["https://b.example.com"]);

    // Through this instance's API: at once.
    await patch(shareId, owner.cookie, { embedOrigins: ["https://c.example.com"] });
    expect((await visit(`/shared/${shareId}`)).directive("frame-ancestors")).toEqual(["https://c.example.com"]);

    // A replaced link: the old one is refused at once, the new one keeps the list.
    const rotated = await call(rotate.POST, { method: "POST", params: { id: shareId }, cookie: owner.cookie });
    expect((await visit(`/shared/${shareId}`)).directive("frame-ancestors")).toEqual(["'none'"]);
    expect((await visit(`/shared/${rotated.body.shareId}`)).directive("frame-ancestors")).toEqual(["https://c.example.com"]);
  });

  it("drops a stored value that is not a clean origin rather than write it into the header", async () => {
    const { ownerId, shareId } = await ownerShare();
    await updateOwnerShare(ownerId, shareId, { embedOrigins: ["https://ok.example.com", "https://x.example.com; script-src *", "*"] });
    expect(await embedOriginsFor(shareId, Date.now() + EMBED_ORIGINS_CACHE_MS + 1)).toEqual(["https://ok.example.com"]);
  });
});

describe("proxy: the status of a share page", () => {
  it("200 for a live link, 410 once its owner revoked it, 404 for a link no share has (a replaced one too) or one that cannot be a share id", async () => {
    const { owner, shareId } = await ownerShare();
    expect((await visit(`/shared/${shareId}`)).res.status).toBe(200);
    expect((await visit("/shared/NoSuchShare1")).res.status).toBe(404);
    expect((await visit("/shared/bad!id")).res.status).toBe(404);
    expect((await visit(`/shared/${"x".repeat(65)}`)).res.status).toBe(404);
    // Any other page keeps the status the page decides.
    expect((await visit("/guide")).res.status).toBe(200);

    const rotated = await call(rotate.POST, { method: "POST", params: { id: shareId }, cookie: owner.cookie });
    expect((await visit(`/shared/${shareId}`)).res.status).toBe(404);
    const newId = rotated.body.shareId as string;
    expect((await visit(`/shared/${newId}`)).res.status).toBe(200);

    expect((await call(share.DELETE, { method: "DELETE", params: { id: newId }, cookie: owner.cookie })).status).toBe(200);
    const ended = await visit(`/shared/${newId}`);
    expect(ended.res.status).toBe(410);
    // The page is still drawn (it says the link ended), with the page's headers.
    expect(ended.res.headers.get("x-middleware-next")).toBe("1");
    expect(ended.nonce).toBeDefined();
    expect(ended.directive("frame-ancestors")).toEqual(["'none'"]);
    // The visitor API keeps its contract: a revoked share is simply not found there.
    expect((await call(share.GET, { path: `/api/shared-assistants/${newId}`, params: { id: newId } })).status).toBe(404);
  });

  it("410 too for the shares of a deleted assistant, whose page then says the assistant is gone", async () => {
    const owner = await seedUser({ role: "admin" });
    const made = await call(assistantsRoute.POST, { method: "POST", cookie: owner.cookie, body: { name: "將被刪除的助理" } });
    const created = await call(shares.POST, { method: "POST", cookie: owner.cookie, body: { name: "將被刪除的助理", rolePrompt: "", includeDocuments: true, assistantId: made.body.id } });
    const shareId = created.body.shareId as string;
    expect((await visit(`/shared/${shareId}`)).res.status).toBe(200);
    expect(await readShareLink(shareId)).toMatchObject({ state: "live", assistantDeleted: false });
    expect((await call(assistantRoute.DELETE, { method: "DELETE", cookie: owner.cookie, params: { id: made.body.id } })).status).toBe(200);
    expect((await visit(`/shared/${shareId}`)).res.status).toBe(410);
    expect(await readShareLink(shareId)).toMatchObject({ share: null, state: "ended", assistantDeleted: true });
  });
});

describe("a guest inside another site's <iframe>", () => {
  const session = () => `session_${Date.now()}_${Math.random().toString(36).slice(2, 10)}`;
  const post = (shareId: string, sessionId: string, cookie?: string, headers: Record<string, string> = {}) =>
    call(shareMessages.POST, { method: "POST", params: { id: shareId }, body: { message: "你好", sessionId }, cookie, headers: { "x-client-ip": `100.91.0.${Math.floor(Math.random() * 250)}`, ...headers } });
  const history = (shareId: string, sessionId: string, options: { cookie?: string; headers?: Record<string, string> } = {}) =>
    call(shareMessages.GET, { path: `/api/shared-assistants/${shareId}/messages?sessionId=${sessionId}`, params: { id: shareId }, ...options });

  it("over https also gets a partitioned SameSite=None key, which alone keeps the conversation", async () => {
    env.secureCookies = true;
    const { shareId } = await ownerShare();
    const id = session();
    const first = await post(shareId, id);
    expect(first.status).toBe(200);
    const lax = first.setCookies.find((c) => c.startsWith(`${GUEST_KEY_COOKIE}=`))!;
    const embedded = first.setCookies.find((c) => c.startsWith(`${EMBEDDED_GUEST_KEY_COOKIE}=`))!;
    expect(lax).toContain("SameSite=Lax");
    expect(embedded.split("; ").slice(1)).toEqual(expect.arrayContaining(["Path=/", "HttpOnly", "Secure", "SameSite=None", "Partitioned"]));
    expect(embedded.split(";")[0].split("=")[1]).toBe(lax.split(";")[0].split("=")[1]);

    // The frame sends only the SameSite=None cookie: the same conversation, read and extended.
    const frameCookie = embedded.split(";")[0];
    const second = await post(shareId, id, frameCookie);
    expect(second.status).toBe(200);
    expect(second.setCookies).toEqual([]);
    expect((await history(shareId, id, { cookie: frameCookie })).body).toHaveLength(4);
  });

  it("where no cookie is kept at all, holds the key the server gave it for the asking, and keeps the conversation while open", async () => {
    const { shareId } = await ownerShare();
    const id = session();
    const first = await post(shareId, id, undefined, { [GUEST_KEY_HEADER]: "new" });
    expect(first.status).toBe(200);
    const key = first.headers.get(GUEST_KEY_HEADER)!;
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The same key the cookie would have carried.
    expect(first.setCookies[0]).toContain(`${GUEST_KEY_COOKIE}=${key};`);
    const second = await post(shareId, id, undefined, { [GUEST_KEY_HEADER]: key });
    expect(second.status).toBe(200);
    expect(second.headers.get(GUEST_KEY_HEADER)).toBeNull();
    expect((await history(shareId, id, { headers: { [GUEST_KEY_HEADER]: key } })).body).toHaveLength(4);
    // Without the key the conversation is nobody's to read or extend, and asking for a key gets a
    // new one for a new conversation only.
    expect((await history(shareId, id)).body).toEqual([]);
    const other = await post(shareId, id, undefined, { [GUEST_KEY_HEADER]: "new" });
    expect(other.status).toBe(409);
    expect(other.headers.get(GUEST_KEY_HEADER)).toBeNull();
    expect((await history(shareId, id, { headers: { [GUEST_KEY_HEADER]: "not-a-key" } })).body).toEqual([]);
  });

  it("never hands out a key a cookie already holds, nor one nobody asked for", async () => {
    const { shareId } = await ownerShare();
    const id = session();
    const first = await post(shareId, id);
    expect(first.headers.get(GUEST_KEY_HEADER)).toBeNull();
    const cookie = first.setCookies[0].split(";")[0];
    const again = await post(shareId, id, cookie, { [GUEST_KEY_HEADER]: "new" });
    expect(again.status).toBe(200);
    expect(again.headers.get(GUEST_KEY_HEADER)).toBeNull();
  });

  it("over http gets only the first-party cookie (SameSite=None would need Secure)", async () => {
    env.secureCookies = false;
    const { shareId } = await ownerShare();
    const res = await post(shareId, session());
    expect(res.setCookies.map((c) => c.split("=")[0])).toEqual([GUEST_KEY_COOKIE]);
  });
});
