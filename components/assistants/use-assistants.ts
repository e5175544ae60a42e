"use client";

import useSWR from "swr";
import { apiFetch } from "@/lib/fetcher";
import { ASSISTANTS_KEY } from "./assistant-keys";
import type { AssistantList, PublicAssistant } from "@/lib/server/present/api-types";

export const fetchAssistants = async () => (await apiFetch<AssistantList>(ASSISTANTS_KEY)).assistants;

/**
 * The owner's assistants, the default one first. `fresh`: fetched again when a screen that shows
 * their counts opens (documents finish processing, shares are made elsewhere).
 */
export function useAssistants({ fresh = false }: { fresh?: boolean } = {}) {
  return useSWR<PublicAssistant[]>(ASSISTANTS_KEY, fetchAssistants, { revalidateIfStale: fresh });
}
