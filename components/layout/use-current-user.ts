"use client";

import useSWR from "swr";
import { optionalAuthFetcher } from "@/lib/fetcher";
import { CURRENT_USER_KEY, type ClientUser } from "@/lib/client-user";

/** The signed-in user, or null. Seeded by the server (DataProvider's fallback), so it is known on first render. */
export function useCurrentUser() {
  const { data, error, isLoading, mutate } = useSWR<ClientUser | null>(CURRENT_USER_KEY, optionalAuthFetcher);
  return { user: data ?? null, error, isLoading: isLoading && data === undefined, mutate };
}
