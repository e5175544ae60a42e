import { cookies, headers } from "next/headers";
import { PROMO_DISMISSED_COOKIE } from "@/lib/constants";
import { isMobile } from "@/lib/google-auth-flow";

/**
 * What a chat's first frame shows that its code would otherwise learn only from the browser: the
 * promotion banner (unless this browser dismissed it, which a cookie tells) and a phone's short
 * input placeholder (from the user agent). Drawn so by the server, neither moves the page once the
 * code has read the browser.
 */
export async function chatFirstView(): Promise<{ promo: boolean; mobileHint: boolean }> {
  const [cookieStore, requestHeaders] = await Promise.all([cookies(), headers()]);
  return {
    promo: cookieStore.get(PROMO_DISMISSED_COOKIE)?.value !== "1",
    mobileHint: isMobile(requestHeaders.get("user-agent") ?? "", Infinity),
  };
}
