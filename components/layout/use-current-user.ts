"use client";

import useSWR from "swr";
import { optionalAuthFetcher } from "@/lib/fetcher";
import type { ClientUser } from "@/lib/client-user";

/** The signed-in user, or null. Seeded by the root layout, so it is known on first render. */
export function useCurrentUser() {
  const { data, error, isLoading, mutate } = useSWR<ClientUser | null>("/api/user", optionalAuthFetcher);
  return { user: data ?? null, error, isLoading: isLoading && data === undefined, mutate };
}
