"use client";

import useSWR from "swr";
import { jsonFetcher } from "@/lib/fetcher";
import type { OwnerShare, ShareConversationDetail, ShareConversationPage } from "@/lib/server/present/api-types";

const base = (share: Pick<OwnerShare, "shareId">) => `/api/shared-assistants/${encodeURIComponent(share.shareId)}/conversations`;

export function conversationsUrl(share: Pick<OwnerShare, "shareId">, search: string, page: number): string {
  const params = new URLSearchParams({ page: String(page) });
  if (search) params.set("q", search);
  return `${base(share)}?${params}`;
}

export function conversationExportUrl(share: Pick<OwnerShare, "shareId">, format: "csv" | "jsonl", search: string): string {
  const params = new URLSearchParams({ format });
  if (search) params.set("q", search);
  return `${base(share)}/export?${params}`;
}

/** A page of the share's visitor conversations (fresh each time it is asked for: visitors keep chatting). */
export function useShareConversations(share: Pick<OwnerShare, "shareId">, search: string, page: number) {
  return useSWR<ShareConversationPage>(conversationsUrl(share, search, page), jsonFetcher, { keepPreviousData: true, revalidateIfStale: true });
}

export function useShareConversation(share: Pick<OwnerShare, "shareId">, id: string | null) {
  return useSWR<ShareConversationDetail>(id ? `${base(share)}/${encodeURIComponent(id)}` : null, jsonFetcher, { revalidateIfStale: true });
}
