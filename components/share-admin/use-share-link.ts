"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { useSWRConfig } from "swr";
import { assistantPath } from "@/components/assistants/assistant-keys";
import { ASSISTANT_KEY } from "@/components/chat/assistant-profile";
import { apiFetch } from "@/lib/fetcher";
import { announceShare, browserAnnouncer } from "@/lib/share-admin/announce-share";
import type { AssistantProfile, OwnerShare, QuickLink } from "@/lib/server/present/api-types";
import { SHARES_KEY } from "./use-shares";

/** Where a share link comes from: made now, or the assistant's own link handed out again. */
export type ShareLinkSource = () => Promise<QuickLink>;

export const QUICK_LINK_URL = "/api/assistant/share-link";

/** The assistant's quick link (the chat header's button): made on the first press, the same one after. */
export const quickLinkOf =
  (assistantId: string): ShareLinkSource =>
  () =>
    apiFetch<QuickLink>(`${QUICK_LINK_URL}?assistantId=${encodeURIComponent(assistantId)}`, { method: "POST" });

/** One more link of an assistant (the shares tab's button; the default one when none is named), following it. */
export const newLinkOf =
  (assistantId?: string): ShareLinkSource =>
  async () => {
    // Read at click time: the settings dialog may just have renamed the assistant. (What equals
    // the assistant's own name and role prompt is kept as following it.)
    const assistant = await apiFetch<AssistantProfile>(assistantId ? assistantPath(assistantId) : ASSISTANT_KEY);
    const share = await apiFetch<OwnerShare>(SHARES_KEY, { method: "POST", json: { name: assistant.name, rolePrompt: assistant.rolePrompt, includeDocuments: true, assistantId } });
    return { share, created: true };
  };

/**
 * Gets a share link from a source, then copies it, says so (and whether it is new) and tries to
 * open it (docs/rules/sharing.md#the-quick-link). The header's button, the assistants tab and the shares tab
 * all go through here, so they behave the same.
 */
export function useShareLink() {
  const t = useTranslations("shares");
  const { mutate } = useSWRConfig();
  const [creating, setCreating] = useState(false);

  async function create(source: ShareLinkSource) {
    if (creating) return;
    setCreating(true);
    try {
      const { share, created } = await source();
      void mutate(SHARES_KEY, (list: OwnerShare[] | undefined) => (list?.some((s) => s.id === share.id) ? list.map((s) => (s.id === share.id ? share : s)) : [share, ...(list ?? [])]), {
        revalidate: false,
      });
      const copied = await announceShare(share.shareUrl, browserAnnouncer());
      if (copied) toast.success(t("linkCopiedToClipboard"), { description: created ? t("createdCopied") : t("reusedCopied") });
      else toast.success(created ? t("created") : t("reused"), { description: t("notCopied") });
    } catch {
      toast.error(t("createFailed"), { description: t("createFailedDescription") });
    } finally {
      setCreating(false);
    }
  }

  return { create, creating };
}
