"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { useSWRConfig } from "swr";
import { ASSISTANT_KEY, type AssistantProfile } from "@/components/chat/assistant-profile";
import { apiFetch } from "@/lib/fetcher";
import { announceShare, browserAnnouncer } from "@/lib/share-admin/announce-share";
import type { OwnerShare } from "./types";
import { SHARES_KEY } from "./use-shares";

/**
 * Shares the owner's current assistant (its name and role prompt, answering from their documents)
 * as a new link; then copies it, says so and tries to open it (SPEC §4). Used by the chat header's
 * button and by the shares tab, so both behave the same.
 */
export function useCreateShare() {
  const t = useTranslations("shares");
  const { mutate } = useSWRConfig();
  const [creating, setCreating] = useState(false);

  async function create() {
    if (creating) return;
    setCreating(true);
    try {
      // Read at click time: the settings dialog may just have renamed the assistant.
      const assistant = await apiFetch<AssistantProfile>(ASSISTANT_KEY);
      const share = await apiFetch<OwnerShare>(SHARES_KEY, {
        method: "POST",
        json: { name: assistant.name, rolePrompt: assistant.rolePrompt, includeDocuments: true },
      });
      void mutate(SHARES_KEY, (list: OwnerShare[] | undefined) => [share, ...(list ?? []).filter((s) => s.id !== share.id)], { revalidate: false });
      const copied = await announceShare(share.shareUrl, browserAnnouncer());
      toast.success(t("created"), { description: copied ? t("createdCopied") : t("createdNotCopied") });
    } catch {
      toast.error(t("createFailed"), { description: t("createFailedDescription") });
    } finally {
      setCreating(false);
    }
  }

  return { create, creating };
}
