import "server-only";
import type { User } from "@/lib/server/db/schema";
import { AppError } from "@/lib/server/errors";
import { deleteExpiredMessages, setRetentionDays } from "@/lib/server/queries/assistant-insights";

/** The owner sets how many days their assistant's conversations are kept (null: for ever). */
export async function setRetention(user: Pick<User, "id">, assistantId: string, days: number | null): Promise<{ retentionDays: number | null }> {
  if (!(await setRetentionDays(user.id, assistantId, days))) throw new AppError("not_found", { messageKey: "assistant_not_found" });
  return { retentionDays: days };
}

/** The daily job: every assistant's conversations older than it keeps them go. */
export async function deleteExpiredConversations(now = new Date()): Promise<number> {
  return deleteExpiredMessages(now);
}
