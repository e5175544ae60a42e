import { describe, expect, it } from "vitest";
import {
  API_CONTENT_SECURITY_POLICY,
  newNonce,
  pageContentSecurityPolicy,
  pageSecurityHeaders,
  PERMISSIONS_POLICY,
  resourceSecurityHeaders,
  STRICT_TRANSPORT_SECURITY,
  type SecuritySettings,
} from "@/lib/security-headers";

const http: SecuritySettings = { appUrl: "http://localhost:3000", development: false };
const https: SecuritySettings = { appUrl: "https://docs.example.com", development: false };

/** The directives of a policy by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(policy.split(";").map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
}

describe("lib/security-headers", () => {
  it("makes a fresh 128-bit nonce each time", () => {
    const nonces = new Set(Array.from({ length: 50 }, newNonce));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });

  it("a page's policy: nonce and strict-dynamic for scripts, no inline script, no plugins, no base, no framing", () => {
    const csp = directives(pageContentSecurityPolicy({ nonce: "abc123==", embedOrigins: [] }, http));
    expect(csp.get("script-src")).toEqual(["'self'", "'nonce-abc123=='", "'strict-dynamic'"]);
    expect(csp.get("script-src")).not.toContain("'unsafe-inline'");
    expect(csp.get("script-src")).not.toContain("'unsafe-eval'");
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'none'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("default-src")).toEqual(["'self'"]);
    expect(csp.get("connect-src")).toEqual(["'self'"]);
    expect(csp.get("img-src")).toEqual(["'self'", "data:", "blob:"]);
    expect(csp.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get("form-action")).toEqual(["'self'"]);
    expect(csp.has("upgrade-insecure-requests")).toBe(false);
  });

  it("allows eval only under next dev, where React rebuilds server error stacks with it", () => {
    expect(directives(pageContentSecurityPolicy({ nonce: "n", embedOrigins: [] }, { ...http, development: true })).get("script-src")).toContain("'unsafe-eval'");
  });

  it("over http: CSP and X-Frame-Options only (no HSTS, COOP or Permissions-Policy)", () => {
    const headers = pageSecurityHeaders({ nonce: "n", embedOrigins: [] }, http);
    expect(Object.keys(headers).sort()).toEqual(["Content-Security-Policy", "X-Frame-Options"]);
    expect(headers["X-Frame-Options"]).toBe("DENY");
  });

  it("over https: HSTS, Permissions-Policy, COOP that keeps the sign-in popup, and upgrade-insecure-requests", () => {
    const headers = pageSecurityHeaders({ nonce: "n", embedOrigins: [] }, https);
    expect(headers["Strict-Transport-Security"]).toBe("max-age=63072000; includeSubDomains");
    expect(headers["Strict-Transport-Security"]).toBe(STRICT_TRANSPORT_SECURITY);
    expect(headers["Cross-Origin-Opener-Policy"]).toBe("same-origin-allow-popups");
    expect(headers["Permissions-Policy"]).toBe(PERMISSIONS_POLICY);
    for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"]) expect(PERMISSIONS_POLICY).toContain(`${feature}=()`);
    // Copying answers and links stays allowed.
    expect(PERMISSIONS_POLICY).not.toContain("clipboard");
    expect(directives(headers["Content-Security-Policy"]).has("upgrade-insecure-requests")).toBe(true);
  });

  it("the page a sign-in popup lands on keeps its opener: no COOP of its own", () => {
    expect(pageSecurityHeaders({ nonce: "n", embedOrigins: [], signInPopup: true }, https)["Cross-Origin-Opener-Policy"]).toBe("unsafe-none");
  });

  it("an embeddable share page: frame-ancestors lists exactly the owner's sites, and no X-Frame-Options", () => {
    const headers = pageSecurityHeaders({ nonce: "n", embedOrigins: ["https://a.example.com", "http://localhost:8080"] }, https);
    expect(directives(headers["Content-Security-Policy"]).get("frame-ancestors")).toEqual(["https://a.example.com", "http://localhost:8080"]);
    expect(headers["X-Frame-Options"]).toBeUndefined();
  });

  it("generated images and files: nothing runs, nothing frames them; HSTS over https", () => {
    expect(resourceSecurityHeaders(http)).toEqual({ "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'", "X-Frame-Options": "DENY" });
    expect(API_CONTENT_SECURITY_POLICY).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(resourceSecurityHeaders(https)["Strict-Transport-Security"]).toBe(STRICT_TRANSPORT_SECURITY);
  });
});
