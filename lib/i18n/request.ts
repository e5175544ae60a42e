import { cookies } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { LOCALE_COOKIE } from "@/lib/constants";
import { messagesFor, resolveLocale } from "./locale";

// No locale in the URL: the NEXT_LOCALE cookie (mirrored to localStorage.language) decides.
export default getRequestConfig(async () => {
  const locale = resolveLocale((await cookies()).get(LOCALE_COOKIE)?.value);
  return { locale, messages: messagesFor(locale), timeZone: "Asia/Taipei" };
});
