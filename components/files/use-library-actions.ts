"use client";

import { useSWRConfig } from "swr";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { ASSISTANTS_KEY, COLLECTIONS_KEY, assistantPath, collectionPath } from "@/components/assistants/assistant-keys";
import type { PublicCollection } from "@/lib/server/present/api-types";
import { KNOWLEDGE_IDS_MAX } from "@/lib/constants";
import { apiFetch, errorMessage } from "@/lib/fetcher";
import { inBatches } from "@/lib/file-library/filter-documents";
import { DOCUMENTS_KEY } from "./document-keys";

/** Where documents are added or removed in bulk: an assistant answering from chosen documents, or a collection. */
export interface MembershipTarget {
  kind: "assistant" | "collection";
  id: string;
  name: string;
}

/**
 * The library's changes to what uses its documents: documents added to or removed from an
 * assistant or a collection (in batches the API takes), and collections made, renamed and deleted.
 * Each says how it went; the lists that show memberships and counts are read again.
 */
export function useLibraryActions() {
  const t = useTranslations("library");
  const { mutate } = useSWRConfig();
  const refresh = () => Promise.all([mutate(DOCUMENTS_KEY), mutate(ASSISTANTS_KEY), mutate(COLLECTIONS_KEY)]);

  async function changeMembers(target: MembershipTarget, action: "add" | "remove", ids: string[]): Promise<boolean> {
    const path = `${target.kind === "assistant" ? assistantPath(target.id) : collectionPath(target.id)}/documents`;
    try {
      for (const batch of inBatches(ids, KNOWLEDGE_IDS_MAX)) await apiFetch(path, { method: "POST", json: { [action]: batch } });
      toast.success(action === "add" ? t("added", { count: ids.length, name: target.name }) : t("removed", { count: ids.length, name: target.name }));
      return true;
    } catch (error) {
      toast.error(action === "add" ? t("addFailed") : t("removeFailed"), { description: errorMessage(error, t("tryAgain")) });
      return false;
    } finally {
      await refresh();
    }
  }

  async function createCollection(name: string): Promise<PublicCollection | null> {
    try {
      const made = await apiFetch<PublicCollection>(COLLECTIONS_KEY, { method: "POST", json: { name } });
      await mutate(COLLECTIONS_KEY);
      toast.success(t("collectionCreated", { name: made.name }));
      return made;
    } catch (error) {
      toast.error(t("collectionCreateFailed"), { description: errorMessage(error, t("tryAgain")) });
      return null;
    }
  }

  async function renameCollection(collection: PublicCollection, name: string): Promise<boolean> {
    try {
      await apiFetch<PublicCollection>(collectionPath(collection.id), { method: "PATCH", json: { name } });
      await mutate(COLLECTIONS_KEY);
      toast.success(t("collectionRenamed", { name }));
      return true;
    } catch (error) {
      toast.error(t("collectionRenameFailed"), { description: errorMessage(error, t("tryAgain")) });
      return false;
    }
  }

  async function deleteCollection(collection: PublicCollection): Promise<boolean> {
    try {
      await apiFetch(collectionPath(collection.id), { method: "DELETE" });
      toast.success(t("collectionDeleted", { name: collection.name }));
      return true;
    } catch (error) {
      toast.error(t("collectionDeleteFailed"), { description: errorMessage(error, t("tryAgain")) });
      return false;
    } finally {
      await refresh();
    }
  }

  return { changeMembers, createCollection, renameCollection, deleteCollection };
}
