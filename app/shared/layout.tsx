import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import { SHARED_PAGE_NAMESPACES, pageMessages } from "@/lib/i18n/client-namespaces";
import type { Messages } from "@/lib/i18n/locale";

// The visitor's browser gets the shared chat's strings only, not the workspace's or the console's.
export default async function SharedLayout({ children }: { children: React.ReactNode }) {
  const messages = pageMessages((await getMessages()) as Messages, SHARED_PAGE_NAMESPACES);
  return <NextIntlClientProvider messages={messages}>{children}</NextIntlClientProvider>;
}
