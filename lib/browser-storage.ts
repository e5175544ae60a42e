// The browser's localStorage and sessionStorage, or a copy in memory where the browser refuses
// them: a share page framed by another site, in a browser that blocks third-party cookies, throws
// SecurityError on the mere reading of window.localStorage. The page then keeps working; what it
// would have stored lasts until the page is closed.

export type BrowserStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;
type Kind = "localStorage" | "sessionStorage";

function memoryStore(): BrowserStore {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, String(value)),
    removeItem: (key) => void values.delete(key),
  };
}

const fallbacks: Partial<Record<Kind, BrowserStore>> = {};

function store(kind: Kind): BrowserStore {
  try {
    const storage = window[kind];
    // Some browsers hand out the object and refuse its first use instead.
    storage.getItem("");
    return storage;
  } catch {
    return (fallbacks[kind] ??= memoryStore());
  }
}

export const localStore = () => store("localStorage");
export const sessionStore = () => store("sessionStorage");

/** A preference cookie's attributes: the whole site, a year, sent on top-level navigations. */
export const PREFERENCE_COOKIE_ATTRIBUTES = `; Path=/; Max-Age=${365 * 24 * 60 * 60}; SameSite=Lax`;

/**
 * A choice the server must know when it renders the next page (the language, a dismissed
 * banner): a first-party cookie kept for a year, readable by the page's own scripts.
 */
export function setPreferenceCookie(name: string, value: string) {
  document.cookie = `${name}=${encodeURIComponent(value)}${PREFERENCE_COOKIE_ATTRIBUTES}`;
}

/** Whether this page's cookies hold `name` set to `value`. */
export function hasPreferenceCookie(name: string, value: string): boolean {
  return document.cookie.split("; ").includes(`${name}=${encodeURIComponent(value)}`);
}
