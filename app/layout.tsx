import type { Metadata, Viewport } from "next";
import { cookies, headers } from "next/headers";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getMessages, getTranslations } from "next-intl/server";
import { AppProviders } from "@/components/providers/app-providers";
import { ROOT_NAMESPACES, pickMessages } from "@/lib/i18n/client-namespaces";
import type { Messages } from "@/lib/i18n/locale";
import { env } from "@/lib/env";
import { NONCE_HEADER } from "@/lib/security-headers";
import { currentClientUser } from "@/lib/server/auth/page-guard";
import { THEME_COOKIE } from "@/lib/constants";
import { THEME_SCRIPT, htmlTheme, themeColorFor, themeFromCookie } from "@/lib/theme";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("app");
  // Absolute URLs for Open Graph images and links need the public base URL.
  return { metadataBase: new URL(env.APP_URL), title: { default: t("name"), template: `%s · ${t("name")}` }, description: t("tagline") };
}

// The browser bar in the page's colour: the reader's chosen theme, or the system's while none is chosen.
export async function generateViewport(): Promise<Viewport> {
  const choice = themeFromCookie((await cookies()).get(THEME_COOKIE)?.value);
  return { width: "device-width", initialScale: 1, themeColor: themeColorFor(choice) };
}

// Every page depends on the session cookie; nothing is prerendered (and the build never opens the database).
export const dynamic = "force-dynamic";

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const [locale, messages, user, requestHeaders, cookieStore] = await Promise.all([getLocale(), getMessages(), currentClientUser(), headers(), cookies()]);
  // Drawn in the reader's chosen theme, or following the system, from the first frame (lib/theme.ts says why not by script alone).
  const theme = htmlTheme(themeFromCookie(cookieStore.get(THEME_COOKIE)?.value));
  // This response's CSP nonce (proxy.ts): the theme's inline script (a choice stored before the
  // theme cookie existed) runs only with it. Next puts it on its own scripts by itself.
  const nonce = requestHeaders.get(NONCE_HEADER) ?? undefined;
  return (
    <html lang={locale} className={theme.className} style={{ colorScheme: theme.colorScheme }} suppressHydrationWarning>
      <body className="min-h-dvh">
        {/* The browser hides a nonce from the DOM once read, so the attribute never matches on hydration. */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
        {/* Only what the root's own client parts read; each page's layout sends its own (lib/i18n/client-namespaces.ts). */}
        <NextIntlClientProvider locale={locale} messages={pickMessages(messages as Messages, ROOT_NAMESPACES)}>
          <AppProviders user={user}>
            {children}
          </AppProviders>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
