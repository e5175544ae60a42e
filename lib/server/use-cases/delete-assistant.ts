import "server-only";
import { AppError } from "@/lib/server/errors";
import { deleteAssistant } from "@/lib/server/queries/assistants";
import { inTransaction } from "@/lib/server/queries/transaction";
import { forgetSharePage } from "@/lib/server/policies/share-page";

/**
 * DELETE /api/assistants/{id}: its documents and collections stay; its own chat goes; its shares
 * end at once on every instance (their links then say the assistant is gone). An owner keeps at
 * least one assistant.
 */
export async function removeAssistant(ownerId: string, id: string): Promise<void> {
  const result = await inTransaction((tx) => deleteAssistant(tx, ownerId, id));
  if (result.outcome === "not_found") throw new AppError("not_found", { messageKey: "assistant_not_found" });
  if (result.outcome === "last") throw new AppError("conflict", { messageKey: "assistant_last" });
  // Their pages answer 410 on this instance at once, as a revoked share's do.
  for (const shareId of result.endedShareIds) forgetSharePage(shareId);
}
