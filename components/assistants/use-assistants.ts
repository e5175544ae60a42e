"use client";

import useSWR from "swr";
import { apiFetch } from "@/lib/fetcher";
import { ASSISTANTS_KEY } from "./assistant-keys";
import type { Assistant } from "./types";

export const fetchAssistants = async () => (await apiFetch<{ assistants: Assistant[] }>(ASSISTANTS_KEY)).assistants;

/**
 * The owner's assistants, the default one first. `fresh`: fetched again when a screen that shows
 * their counts opens (documents finish processing, shares are made elsewhere).
 */
export function useAssistants({ fresh = false }: { fresh?: boolean } = {}) {
  return useSWR<Assistant[]>(ASSISTANTS_KEY, fetchAssistants, { revalidateIfStale: fresh });
}
