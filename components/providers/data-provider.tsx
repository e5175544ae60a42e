"use client";

import { SWRConfig } from "swr";

// Data is cached with no expiry, no retries and no refetch on focus (docs/rules/chat.md#data-loading).
const swrOptions = {
  shouldRetryOnError: false,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateIfStale: false,
  dedupingInterval: 2_000,
};

/**
 * The data layer's options, and what the server already knows (`fallback`, by key). Given by each
 * part of the site that reads data (the app's shell, the shared chat, the referral runner) rather
 * than by the root: the shared page's first load then carries no data library at all.
 */
export function DataProvider({ fallback, children }: { fallback?: Record<string, unknown>; children: React.ReactNode }) {
  return <SWRConfig value={fallback ? { ...swrOptions, fallback } : swrOptions}>{children}</SWRConfig>;
}
