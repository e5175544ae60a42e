"use client";

import * as React from "react";
import { ThemeProvider } from "next-themes";
import { SWRConfig } from "swr";
import { DEFAULT_THEME, THEME_STORAGE_KEY } from "@/lib/constants";
import type { ClientUser } from "@/lib/client-user";
import { FlashToasts } from "./flash-toasts";
import { LanguageSync } from "./language-sync";
import { LazyToaster } from "./lazy-toaster";
import { PendingReferralGate } from "./pending-referral-gate";

// SPEC §7: data is cached with no expiry, no retries and no refetch on focus.
const swrOptions = {
  shouldRetryOnError: false,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateIfStale: false,
  dedupingInterval: 2_000,
};

/** `nonce`: this page's CSP nonce, for the theme's inline script (it runs before React does). */
export function AppProviders({ children, user, nonce }: { children: React.ReactNode; user: ClientUser | null; nonce?: string }) {
  return (
    <ThemeProvider attribute="class" defaultTheme={DEFAULT_THEME} enableSystem={false} storageKey={THEME_STORAGE_KEY} themes={["light", "dark"]} nonce={nonce}>
      <SWRConfig value={{ ...swrOptions, fallback: { "/api/user": user } }}>
        <LanguageSync />
        {children}
        <LazyToaster />
        <FlashToasts />
        <PendingReferralGate />
      </SWRConfig>
    </ThemeProvider>
  );
}
