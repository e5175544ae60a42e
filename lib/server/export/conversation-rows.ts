import "server-only";
import { csvLine } from "./csv";

// A share's visitor conversations as a spreadsheet (CSV) or as JSON Lines: one message a row, in
// conversation order. The CSV opens in Excel with its Chinese intact (a UTF-8 byte-order mark) and
// cannot run formulas in it (a cell that would start one is prefixed with an apostrophe).

export interface ConversationRow {
  conversationId: string;
  /** "guest" or "user". */
  visitor: string;
  /** The guest's code or the signed-in visitor's display name. */
  visitorName: string;
  messageId: string;
  createdAt: string;
  role: string;
  content: string;
  imageFileName: string;
  isError: boolean;
}

export const CSV_COLUMNS = ["conversation_id", "visitor", "visitor_name", "message_id", "created_at", "role", "content", "image_file_name", "is_error"] as const;

export const CSV_BOM = "\uFEFF";

export { csvLine };

export function csvRow(row: ConversationRow): string {
  return csvLine([row.conversationId, row.visitor, row.visitorName, row.messageId, row.createdAt, row.role, row.content, row.imageFileName, row.isError ? "true" : "false"]);
}

export function jsonlRow(row: ConversationRow): string {
  return `${JSON.stringify(row)}\n`;
}
