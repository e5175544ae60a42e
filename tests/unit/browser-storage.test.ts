import { afterEach, describe, expect, it } from "vitest";
import { localStore, sessionStore } from "@/lib/browser-storage";

const globals = globalThis as unknown as { window?: unknown };
afterEach(() => delete globals.window);

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
});
