"use client";

import useSWR from "swr";
import { jsonFetcher } from "@/lib/fetcher";

export interface GuestAuthStatus {
  isAuthenticated: boolean;
  user: { id: string; displayName: string; email: string; role: string } | null;
}

export function useGuestAuth() {
  return useSWR<GuestAuthStatus>("/api/guest/auth-status", jsonFetcher);
}
