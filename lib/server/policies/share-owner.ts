import "server-only";
import type { User } from "@/lib/server/db/schema";
import { AppError } from "@/lib/server/errors";
import { findOwnerShare, type SharedAssistantRow } from "@/lib/server/queries/shared-assistants";

/**
 * A share the caller owns, or 404: another owner's share, a revoked or unknown link all look the
 * same. Nobody else (admins included) reads a share's visitors' conversations (docs/rules/sharing.md#visitors-conversations).
 */
export async function requireOwnedShare(user: Pick<User, "id">, shareId: string): Promise<SharedAssistantRow> {
  const share = await findOwnerShare(user.id, shareId);
  if (!share) throw new AppError("not_found", { messageKey: "share_not_found" });
  return share;
}
