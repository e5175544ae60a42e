"use client";

import useSWR from "swr";
import { apiFetch } from "@/lib/fetcher";
import { COLLECTIONS_KEY } from "./assistant-keys";
import type { CollectionList, PublicCollection } from "@/lib/server/present/api-types";

export const fetchCollections = async () => (await apiFetch<CollectionList>(COLLECTIONS_KEY)).collections;

/** The owner's collections (named groups of documents), by name. */
export function useCollections() {
  return useSWR<PublicCollection[]>(COLLECTIONS_KEY, fetchCollections, { revalidateIfStale: true });
}
