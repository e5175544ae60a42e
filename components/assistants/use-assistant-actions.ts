"use client";

import { useSWRConfig } from "swr";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { apiFetch, errorMessage } from "@/lib/fetcher";
import { DOCUMENTS_KEY } from "@/components/files/document-keys";
import { SHARES_KEY } from "@/components/share-admin/use-shares";
import { ASSISTANTS_KEY, assistantPath } from "./assistant-keys";
import type { PublicAssistant } from "@/lib/server/present/api-types";

/**
 * What an owner does to an assistant beyond editing it: duplicate, make default, delete; each with
 * its toast (the server's own translated reason on a refusal), the lists that show it following at once.
 */
export function useAssistantActions() {
  const t = useTranslations("assistants");
  const { mutate } = useSWRConfig();

  /** Puts an assistant the server returned into the list (a new one at the end, as the list is ordered). */
  const showSaved = (saved: PublicAssistant) => {
    // The documents' "used by" changes with an assistant's knowledge.
    void mutate(DOCUMENTS_KEY);
    return mutate(ASSISTANTS_KEY, (list: PublicAssistant[] | undefined) => (list ? (list.some((a) => a.id === saved.id) ? list.map((a) => (a.id === saved.id ? saved : a)) : [...list, saved]) : list), {
      revalidate: false,
    });
  };

  async function duplicate(assistant: PublicAssistant): Promise<PublicAssistant | null> {
    try {
      const copy = await apiFetch<PublicAssistant>(`${assistantPath(assistant.id)}/duplicate`, { method: "POST" });
      await showSaved(copy);
      toast.success(t("duplicated", { name: copy.name }));
      return copy;
    } catch (error) {
      toast.error(t("duplicateFailed"), { description: errorMessage(error, t("tryAgain")) });
      return null;
    }
  }

  async function makeDefault(assistant: PublicAssistant) {
    try {
      await apiFetch<PublicAssistant>(assistantPath(assistant.id), { method: "PATCH", json: { isDefault: true } });
      // The previous default stops being it, and the list puts the new one first: read it again.
      await mutate(ASSISTANTS_KEY);
      toast.success(t("madeDefault", { name: assistant.name }));
    } catch (error) {
      toast.error(t("makeDefaultFailed"), { description: errorMessage(error, t("tryAgain")) });
    }
  }

  async function remove(assistant: PublicAssistant): Promise<boolean> {
    try {
      await apiFetch(assistantPath(assistant.id), { method: "DELETE" });
      // Deleting the default makes another one the default: the list is read again, not guessed.
      await mutate(ASSISTANTS_KEY, (list: PublicAssistant[] | undefined) => list?.filter((a) => a.id !== assistant.id));
      void mutate(SHARES_KEY);
      void mutate(DOCUMENTS_KEY);
      toast.success(t("deleted", { name: assistant.name }));
      return true;
    } catch (error) {
      toast.error(t("deleteFailed"), { description: errorMessage(error, t("tryAgain")) });
      return false;
    }
  }

  return { showSaved, duplicate, makeDefault, remove };
}
