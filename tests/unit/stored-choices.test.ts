import { afterEach, describe, expect, it } from "vitest";
import { persistLanguage, readStoredLanguage } from "@/lib/i18n/client-locale";
import { readPendingReferral, savePendingReferral } from "@/components/auth/pending-referral";
import { PENDING_REFERRAL_EVENT } from "@/lib/constants";

// What the browser keeps for a visitor (the language, an invitation's referral code) goes through
// lib/browser-storage, so a page whose storage the browser refuses (a share framed by another
// site, third-party storage blocked) still remembers it while it is open.

const globals = globalThis as unknown as { window?: unknown; document?: unknown };
afterEach(() => {
  delete globals.window;
  delete globals.document;
});

function refusingWindow(events: string[]) {
  const refuse = (): never => {
    throw new DOMException("Access is denied for this document.", "SecurityError");
  };
  return {
    get localStorage(): never {
      return refuse();
    },
    dispatchEvent: (event: Event) => void events.push(event.type),
  };
}

function browserWindow(values: Map<string, string>, events: string[]) {
  return {
    localStorage: { getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v), removeItem: (k: string) => void values.delete(k) },
    dispatchEvent: (event: Event) => void events.push(event.type),
  };
}

describe("choices kept in the browser", () => {
  it("keeps the language in localStorage.language and the NEXT_LOCALE cookie", () => {
    const values = new Map<string, string>();
    const cookies: string[] = [];
    globals.window = browserWindow(values, []);
    globals.document = { set cookie(line: string) { cookies.push(line); }, get cookie() { return ""; } };
    expect(readStoredLanguage()).toBeUndefined();
    persistLanguage("en");
    expect(values.get("language")).toBe("en");
    expect(readStoredLanguage()).toBe("en");
    expect(cookies[0]).toMatch(/^NEXT_LOCALE=en;/);
    values.set("language", "fr");
    expect(readStoredLanguage()).toBeUndefined();
  });

  it("still sets the language's cookie, and tells the page of a referral code, when storage is full", () => {
    const cookies: string[] = [];
    const events: string[] = [];
    const full = () => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    };
    globals.window = { localStorage: { getItem: () => null, setItem: full, removeItem: () => undefined }, dispatchEvent: (event: Event) => void events.push(event.type) };
    globals.document = { set cookie(line: string) { cookies.push(line); }, get cookie() { return ""; } };
    persistLanguage("en");
    expect(cookies[0]).toMatch(/^NEXT_LOCALE=en;/);
    savePendingReferral("FRIEND42");
    expect(events).toContain(PENDING_REFERRAL_EVENT);
  });

  it("remembers the language and a referral code for the open page where storage is refused", () => {
    const cookies: string[] = [];
    const events: string[] = [];
    globals.window = refusingWindow(events);
    globals.document = { set cookie(line: string) { cookies.push(line); }, get cookie() { return ""; } };
    persistLanguage("en");
    expect(readStoredLanguage()).toBe("en");
    expect(cookies[0]).toMatch(/^NEXT_LOCALE=en;/);

    savePendingReferral("  FRIEND42 ");
    expect(readPendingReferral()).toBe("FRIEND42");
    expect(events).toContain(PENDING_REFERRAL_EVENT);
    savePendingReferral("");
    expect(readPendingReferral()).toBeUndefined();
  });
});
