import { MOBILE_BREAKPOINT_PX } from "@/lib/constants";

// The browser side of Google sign-in from a shared page (docs/rules/sharing.md#google-sign-in-from-a-share).

export const AUTH_SUCCESS_MESSAGE = "google-auth-success";

export function googleSignInUrl(shareId: string, popup: boolean): string {
  const params = new URLSearchParams({ shareId });
  if (popup) params.set("popup", "true");
  return `/api/auth/google?${params}`;
}

const MOBILE_UA = /Android|iPhone|iPad|iPod|Mobile|IEMobile|Opera Mini/i;

/** Mobile is detected by user agent or a width of 768 px or less (docs/rules/chat.md#layout). */
export function isMobile(userAgent: string, width: number): boolean {
  return MOBILE_UA.test(userAgent) || width <= MOBILE_BREAKPOINT_PX;
}

/** The URL after returning with auth=success: the flag (and the popup flag) removed. */
export function withoutAuthParams(href: string): string {
  const url = new URL(href);
  url.searchParams.delete("auth");
  url.searchParams.delete("popup");
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Whether the page is shown inside another page's <iframe> (an embedded share). A sign-in there
 * would not stick: the session cookie is SameSite=Lax, so the framed page never sends it.
 */
export function isFramed(win: { self: unknown; top: unknown }): boolean {
  return win.self !== win.top;
}

export function isAuthSuccessMessage(event: { origin: string; data: unknown }, ownOrigin: string): boolean {
  return event.origin === ownOrigin && typeof event.data === "object" && event.data !== null && (event.data as { type?: unknown }).type === AUTH_SUCCESS_MESSAGE;
}
