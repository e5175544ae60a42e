import { afterEach, describe, expect, it } from "vitest";
import { hasPreferenceCookie, localStore, sessionStore, setPreferenceCookie } from "@/lib/browser-storage";

const globals = globalThis as unknown as { window?: unknown; document?: unknown };
afterEach(() => {
  delete globals.window;
  delete globals.document;
});

/** document.cookie as a browser keeps it: each write sets one cookie (its attributes kept aside), a read lists name=value pairs. */
function cookieJar() {
  const values = new Map<string, string>();
  const written: string[] = [];
  return {
    written,
    get cookie() {
      return [...values].map(([name, value]) => `${name}=${value}`).join("; ");
    },
    set cookie(line: string) {
      written.push(line);
      const [pair] = line.split(";");
      const at = pair.indexOf("=");
      values.set(pair.slice(0, at), pair.slice(at + 1));
    },
  };
}

describe("lib/browser-storage", () => {
  it("hands out the browser's own storage when it may be used", () => {
    const storage = new Map<string, string>();
    const local = { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v), removeItem: (k: string) => void storage.delete(k) };
    globals.window = { localStorage: local, sessionStorage: local };
    expect(localStore()).toBe(local);
  });

  it("keeps a share framed by another site working where reading storage throws (third-party cookies blocked)", () => {
    globals.window = {
      get localStorage(): never {
        throw new DOMException("Access is denied for this document.", "SecurityError");
      },
      sessionStorage: {
        getItem() {
          throw new DOMException("Access is denied for this document.", "SecurityError");
        },
      },
    };
    localStore().setItem("sessionId_abc", "session_1_x");
    expect(localStore().getItem("sessionId_abc")).toBe("session_1_x");
    localStore().removeItem("sessionId_abc");
    expect(localStore().getItem("sessionId_abc")).toBeNull();
    sessionStore().setItem("k", "v");
    expect(sessionStore().getItem("k")).toBe("v");
    // Two separate stores.
    expect(localStore().getItem("k")).toBeNull();
  });

  it("keeps a preference for the server in a year-long cookie of the whole site, and tells an exact value from a longer one", () => {
    const jar = cookieJar();
    globals.document = jar;
    jar.cookie = "other=x";
    expect(hasPreferenceCookie("NEXT_LOCALE", "en")).toBe(false);
    setPreferenceCookie("NEXT_LOCALE", "en");
    expect(jar.written.at(-1)).toBe("NEXT_LOCALE=en; Path=/; Max-Age=31536000; SameSite=Lax");
    expect(hasPreferenceCookie("NEXT_LOCALE", "en")).toBe(true);
    setPreferenceCookie("NEXT_LOCALE", "zh-TW");
    expect(hasPreferenceCookie("NEXT_LOCALE", "zh-TW")).toBe(true);
    expect(hasPreferenceCookie("NEXT_LOCALE", "en")).toBe(false);
    jar.cookie = "promo=10";
    expect(hasPreferenceCookie("promo", "1")).toBe(false);
  });
});
