import "server-only";
import { cache } from "react";
import { isWellFormedShareId, shareLinkState, type ShareLinkState } from "@/lib/server/policies/share-page";
import { findShareByLink, type SharedAssistantRow } from "@/lib/server/queries/shared-assistants";

/**
 * The share a /shared/{shareId} link opens, and where the link stands (live, ended by its owner,
 * or unknown; ended with its assistant or not), read afresh; once per request for the page, its metadata and its preview image.
 */
export const readShareLink = cache(async (shareId: string): Promise<{ share: SharedAssistantRow | null; state: ShareLinkState; assistantDeleted: boolean }> => {
  const row = isWellFormedShareId(shareId) ? await findShareByLink(shareId) : undefined;
  const state = shareLinkState(row);
  return { share: state === "live" ? (row ?? null) : null, state, assistantDeleted: state === "ended" && row?.endedReason === "assistant_deleted" };
});
