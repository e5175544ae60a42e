import "server-only";
import type { Locale } from "@/lib/constants";
import { shareProfile } from "@/lib/server/present/assistant";
import { SHARE_CONVERSATIONS_EXPORT_BATCH } from "@/lib/constants";
import type { User } from "@/lib/server/db/schema";
import { CSV_BOM, CSV_COLUMNS, csvLine, csvRow, jsonlRow, type ConversationRow } from "@/lib/server/export/conversation-rows";
import { log } from "@/lib/server/log";
import { requireOwnedShare } from "@/lib/server/policies/share-owner";
import { guestCode } from "@/lib/server/present/share-conversation";
import { exportBatch, parseConversationId, type ExportCursor, type ExportMessageRow } from "@/lib/server/queries/share-conversations";

export type ConversationExportFormat = "csv" | "jsonl";

function toRow(message: ExportMessageRow): ConversationRow {
  const ref = parseConversationId(message.conversationId);
  return {
    conversationId: message.conversationId,
    visitor: ref?.kind ?? "guest",
    visitorName: ref?.kind === "guest" ? guestCode(ref.guestSessionId) : (message.visitorName ?? ""),
    messageId: message.id,
    createdAt: message.createdAt.toISOString(),
    role: message.role,
    content: message.content,
    imageFileName: message.imageFileName ?? "",
    isError: message.isError,
  };
}

/** A file name from the share's name: letters and digits of any script kept, the rest dashes. */
function fileName(shareName: string, format: ConversationExportFormat): string {
  const base = shareName.normalize("NFKC").replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-+|-+$/g, "").slice(0, 60) || "share";
  const day = new Date().toISOString().slice(0, 10);
  return `${base}-conversations-${day}.${format}`;
}

/**
 * The visitors' conversations on one of the caller's shares (all, or those containing `search`)
 * as a file streamed a batch at a time: memory stays flat however many messages there are, and
 * the download starts at once. The ownership check happens before anything is streamed.
 */
export async function exportConversationsOfShare(input: { owner: Pick<User, "id">; shareId: string; search?: string; format: ConversationExportFormat; locale: Locale }) {
  const share = await requireOwnedShare(input.owner, input.shareId);
  const encoder = new TextEncoder();
  let cursor: ExportCursor | undefined;
  let started = false;
  let done = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          if (input.format === "csv") controller.enqueue(encoder.encode(CSV_BOM + csvLine(CSV_COLUMNS)));
        }
        if (done) return controller.close();
        const rows = await exportBatch({ sharedAssistantId: share.id, search: input.search, after: cursor, limit: SHARE_CONVERSATIONS_EXPORT_BATCH });
        if (rows.length < SHARE_CONVERSATIONS_EXPORT_BATCH) done = true;
        const last = rows.at(-1);
        if (last) cursor = { conversationId: last.conversationId, createdAtText: last.createdAtText, id: last.id };
        const text = rows.map((row) => (input.format === "csv" ? csvRow(toRow(row)) : jsonlRow(toRow(row)))).join("");
        if (text) controller.enqueue(encoder.encode(text));
        if (done) controller.close();
      } catch (error) {
        log.error("conversation export failed", { shareId: share.id, error });
        controller.error(error);
      }
    },
  });
  return {
    body,
    fileName: fileName(shareProfile(share, input.locale).name, input.format),
    contentType: input.format === "csv" ? "text/csv; charset=utf-8" : "application/jsonl; charset=utf-8",
  };
}
