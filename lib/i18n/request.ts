import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { LOCALE_COOKIE } from "@/lib/constants";
import { messagesFor, resolveLocale } from "./locale";

// No locale in the URL: the NEXT_LOCALE cookie (mirrored to localStorage.language) decides.
export default getRequestConfig(async () => {
  const [cookieStore, headerStore] = await Promise.all([cookies(), headers()]);
  const locale = resolveLocale(cookieStore.get(LOCALE_COOKIE)?.value, headerStore.get("accept-language"));
  return { locale, messages: messagesFor(locale), timeZone: "Asia/Taipei" };
});
