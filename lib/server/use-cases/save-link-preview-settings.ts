import "server-only";
import { AppError } from "@/lib/server/errors";
import { saveLinkPreviewSettings, type LinkPreviewSettings } from "@/lib/server/queries/assistants";

/**
 * Saves an assistant's link-card settings and answers them as they are now. An assistant deleted
 * between the caller's check and the write is not found, as it would have been a moment earlier,
 * rather than a success with nothing to show.
 */
export async function changeLinkPreviewSettings(ownerId: string, assistantId: string, changes: Parameters<typeof saveLinkPreviewSettings>[2]): Promise<LinkPreviewSettings> {
  const saved = await saveLinkPreviewSettings(ownerId, assistantId, changes);
  if (!saved) throw new AppError("not_found", { messageKey: "assistant_not_found" });
  return saved;
}
