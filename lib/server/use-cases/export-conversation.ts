import "server-only";
import { EXPORT_MAX_CHARACTERS, EXPORT_MAX_IMAGE_BYTES, EXPORT_MAX_MESSAGES, type ExportFormat, type Locale } from "@/lib/constants";
import { exportConversation, type ExportFile } from "@/lib/server/export/chat-export";
import { AppError } from "@/lib/server/errors";
import { latestOwnMessagesForExport, ownMessageImages, type ConversationKey, type ExportRow } from "@/lib/server/queries/messages";

/**
 * How much of a conversation an export holds: the newest messages, up to a count and a number of
 * characters, and of their images the newest up to a total size (older ones are named instead). A
 * conversation can be thousands of long messages with an image each; memory and time stay bounded.
 */
export function exportSelection(newestFirst: readonly ExportRow[], limits = { characters: EXPORT_MAX_CHARACTERS, imageBytes: EXPORT_MAX_IMAGE_BYTES }) {
  const kept: ExportRow[] = [];
  let characters = 0;
  for (const row of newestFirst) {
    if (kept.length > 0 && characters + row.content.length > limits.characters) break;
    characters += row.content.length;
    kept.push(row);
  }
  const withImages: string[] = [];
  let imageBytes = 0;
  for (const row of kept) {
    if (row.imageBytes === 0 || imageBytes + row.imageBytes > limits.imageBytes) continue;
    imageBytes += row.imageBytes;
    withImages.push(row.id);
  }
  return { kept, withImages };
}

/** The owner's conversation with one of their assistants as a file; refused when there is nothing to export. */
export async function exportOwnConversation(input: { conversation: Extract<ConversationKey, { kind: "own" }>; locale: Locale; format: ExportFormat }): Promise<ExportFile> {
  const { rows, total } = await latestOwnMessagesForExport(input.conversation, EXPORT_MAX_MESSAGES);
  if (total === 0) throw new AppError("bad_request", { messageKey: "export_empty" });
  const { kept, withImages } = exportSelection(rows);
  const images = await ownMessageImages(input.conversation, withImages);
  const messages = kept.reverse().map((row) => ({ ...row, imageData: images.get(row.id) ?? null }));
  return exportConversation({ messages, locale: input.locale, format: input.format, total, owner: input.conversation.ownerId });
}
