"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { useSWRConfig } from "swr";
import { assistantPath } from "@/components/assistants/assistant-keys";
import { ASSISTANT_KEY, type AssistantProfile } from "@/components/chat/assistant-profile";
import { apiFetch } from "@/lib/fetcher";
import { announceShare, browserAnnouncer } from "@/lib/share-admin/announce-share";
import type { OwnerShare } from "./types";
import { SHARES_KEY } from "./use-shares";

/**
 * Shares one of the owner's assistants (`assistantId`, or their default one) as a new link that
 * follows it: its name, role prompt and knowledge as they are at each question. Then copies the
 * link, says so and tries to open it (SPEC §4). Used by the chat header's button, the shares tab
 * and the assistants tab, so all behave the same.
 */
export function useCreateShare() {
  const t = useTranslations("shares");
  const { mutate } = useSWRConfig();
  const [creating, setCreating] = useState(false);

  async function create(assistantId?: string) {
    if (creating) return;
    setCreating(true);
    try {
      // Read at click time: the settings dialog may just have renamed the assistant.
      const assistant = await apiFetch<AssistantProfile>(assistantId ? assistantPath(assistantId) : ASSISTANT_KEY);
      const share = await apiFetch<OwnerShare>(SHARES_KEY, {
        method: "POST",
        json: { name: assistant.name, rolePrompt: assistant.rolePrompt, includeDocuments: true, assistantId },
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
