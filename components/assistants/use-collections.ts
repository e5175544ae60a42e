"use client";

import useSWR from "swr";
import { apiFetch } from "@/lib/fetcher";
import { COLLECTIONS_KEY } from "./assistant-keys";
import type { Collection } from "./types";

export const fetchCollections = async () => (await apiFetch<{ collections: Collection[] }>(COLLECTIONS_KEY)).collections;

/** The owner's collections (named groups of documents), by name. */
export function useCollections() {
  return useSWR<Collection[]>(COLLECTIONS_KEY, fetchCollections, { revalidateIfStale: true });
}
