import "server-only";
import type { User } from "@/lib/server/db/schema";
import { AppError } from "@/lib/server/errors";
import { findAssistant, findAssistantById, type AssistantRow } from "@/lib/server/queries/assistants";

/**
 * The assistant whose insights (and curated answers) the caller may read: their own, or any for
 * an administrator. Anyone else's answers 404, as if it did not exist.
 */
export async function insightsAssistant(user: Pick<User, "id" | "role">, assistantId: string): Promise<AssistantRow> {
  const assistant = user.role === "admin" ? await findAssistantById(assistantId) : await findAssistant(user.id, assistantId);
  if (!assistant) throw new AppError("not_found", { messageKey: "assistant_not_found" });
  return assistant;
}
