import { describe, expect, it } from "vitest";
import { googleSignInUrl, isAuthSuccessMessage, isMobile, withoutAuthParams, AUTH_SUCCESS_MESSAGE } from "@/lib/google-auth-flow";
import { landingPath } from "@/lib/post-sign-in";
import { resolveLocale } from "@/lib/i18n/locale";
import { navItemsFor } from "@/components/layout/nav-items";

describe("google sign-in flow helpers", () => {
  it("builds the sign-in URL with the share id, and popup=true only for the popup", () => {
    expect(googleSignInUrl("abc", false)).toBe("/api/auth/google?shareId=abc");
    expect(googleSignInUrl("a b", true)).toBe("/api/auth/google?shareId=a+b&popup=true");
  });

  it("detects mobile by user agent or a width of 768 px or less", () => {
    expect(isMobile("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148", 1200)).toBe(true);
    expect(isMobile("Mozilla/5.0 (X11; Linux x86_64) Chrome/156", 768)).toBe(true);
    expect(isMobile("Mozilla/5.0 (X11; Linux x86_64) Chrome/156", 769)).toBe(false);
  });

  it("drops auth and popup from the address after a return", () => {
    expect(withoutAuthParams("http://x.test/shared/s1?auth=success&popup=true#top")).toBe("/shared/s1#top");
    expect(withoutAuthParams("http://x.test/shared/s1?auth=success&keep=1")).toBe("/shared/s1?keep=1");
  });

  it("accepts the success message only from the page's own origin", () => {
    const data = { type: AUTH_SUCCESS_MESSAGE };
    expect(isAuthSuccessMessage({ origin: "http://x.test", data }, "http://x.test")).toBe(true);
    expect(isAuthSuccessMessage({ origin: "http://evil.test", data }, "http://x.test")).toBe(false);
    expect(isAuthSuccessMessage({ origin: "http://x.test", data: "google-auth-success" }, "http://x.test")).toBe(false);
  });
});

describe("landingPath", () => {
  it("returns to a same-site page that was asked for, never elsewhere", () => {
    expect(landingPath("user", false, "/account")).toBe("/account");
    expect(landingPath("user", false, "//evil.example")).toBe("/");
    expect(landingPath("admin", false, "https://evil.example")).toBe("/");
  });

  it("does not follow a page the role may not open, so nobody is sent on from it with 權限不足", () => {
    expect(landingPath("user", false, "/admin/users")).toBe("/");
    expect(landingPath("manager", false, "/admin/users")).toBe("/admin");
    expect(landingPath("manager", false, "/daily-checkin")).toBe("/daily-checkin");
    expect(landingPath("user", false, "/shared/abc123?x=1")).toBe("/shared/abc123?x=1");
    // Not a page of the product at all.
    expect(landingPath("admin", false, "/api/messages")).toBe("/");
    // Before the account is known (the Google button), a product page is followed and decides itself.
    expect(landingPath(null, false, "/")).toBe("/");
    expect(landingPath(null, false)).toBe("/");
  });

  it("follows the home for anyone: without a workspace it says what they can use instead of turning them away", () => {
    expect(landingPath("user", false, "/")).toBe("/");
    expect(landingPath("manager", false, "/")).toBe("/");
    expect(landingPath("user", true, "/")).toBe("/");
  });

  it("sends each role home", () => {
    expect(landingPath("admin", false)).toBe("/");
    expect(landingPath("manager", false)).toBe("/admin");
    expect(landingPath("user", false)).toBe("/");
    expect(landingPath("user", true)).toBe("/");
  });
});

describe("resolveLocale", () => {
  it("is zh-TW unless English was chosen", () => {
    expect(resolveLocale(undefined)).toBe("zh-TW");
    expect(resolveLocale("fr")).toBe("zh-TW");
    expect(resolveLocale("en")).toBe("en");
  });
});

describe("navItemsFor", () => {
  const hrefs = (role: Parameters<typeof navItemsFor>[0], everyone = false) => navItemsFor(role, everyone).primary.map((i) => i.href);

  it("shows each role exactly the pages it may open", () => {
    expect(hrefs(undefined)).toEqual(["/guide", "/support", "/feedback"]);
    // Without a workspace, "/" is still an ordinary user's home (it says what they can use here).
    expect(hrefs("user")).toEqual(["/", "/account"]);
    expect(navItemsFor("user", false).primary[0].key).toBe("home");
    expect(navItemsFor("user", true).primary[0].key).toBe("chat");
    expect(hrefs("user", true)).toEqual(["/", "/account"]);
    expect(hrefs("manager")).toEqual(["/admin", "/daily-checkin", "/account"]);
    expect(hrefs("admin")).toEqual(["/", "/admin", "/daily-checkin", "/admin/users", "/account"]);
  });
});
