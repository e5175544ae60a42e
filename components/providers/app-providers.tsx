"use client";

import type { ClientUser } from "@/lib/client-user";
import { FlashToasts } from "./flash-toasts";
import { LanguageSync } from "./language-sync";
import { LazyToaster } from "./lazy-toaster";
import { PendingReferralGate } from "./pending-referral-gate";

// What every page has. Nothing here is a context provider whose value changes after hydration:
// such a change would make React discard the server's HTML of parts still waiting for their code
// (the shared page's chat). The theme is an external store for that reason (use-theme.ts), and
// the data layer's provider is given where data is read (data-provider.tsx).
export function AppProviders({ children, user }: { children: React.ReactNode; user: ClientUser | null }) {
  return (
    <>
      <LanguageSync />
      {children}
      <LazyToaster />
      <FlashToasts />
      <PendingReferralGate user={user} />
    </>
  );
}
