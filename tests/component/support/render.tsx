import type { ReactElement } from "react";
import { render, type RenderOptions } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { NextIntlClientProvider } from "next-intl";
import { Toaster } from "sonner";
import { SWRConfig } from "swr";
import type { Locale } from "@/lib/constants";
import en from "@/messages/en.json";
import zhTW from "@/messages/zh-TW.json";

/**
 * Renders a component as a page of the product would, in the reader's language, with a user to
 * drive it; each render has a data cache of its own, so nothing one test fetched shows in the next,
 * and the toasts it raises are on the page to be read.
 */
export function renderInLocale(ui: ReactElement, { locale = "zh-TW", ...options }: { locale?: Locale } & Omit<RenderOptions, "wrapper"> = {}) {
  const user = userEvent.setup();
  const result = render(ui, {
    ...options,
    wrapper: ({ children }) => (
      <NextIntlClientProvider locale={locale} messages={locale === "en" ? en : zhTW} timeZone="Asia/Taipei">
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>
        <Toaster />
      </NextIntlClientProvider>
    ),
  });
  return { user, ...result };
}
