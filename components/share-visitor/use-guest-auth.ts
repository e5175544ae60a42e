"use client";

import useSWR from "swr";
import { apiFetch, optionalAuthFetcher } from "@/lib/fetcher";
import type { CurrentUser } from "@/lib/server/present/api-types";

export interface GuestAuthStatus {
  isAuthenticated: boolean;
  user: { id: string; displayName: string; email?: string; role: string } | null;
}

export const GUEST_AUTH_KEY = "/api/guest/auth-status";

/**
 * Who is visiting the shared page (docs/rules/sharing.md#the-shared-page): the regular-user check runs
 * first; when someone is signed in the guest check is skipped, otherwise it runs.
 */
async function checkViewer(): Promise<GuestAuthStatus> {
  const user = await optionalAuthFetcher<CurrentUser>("/api/user");
  if (user) return { isAuthenticated: true, user: { id: user.id, displayName: user.displayName, email: user.email, role: user.role } };
  return apiFetch<GuestAuthStatus>(GUEST_AUTH_KEY);
}

export function useGuestAuth() {
  return useSWR<GuestAuthStatus>(GUEST_AUTH_KEY, checkViewer);
}
