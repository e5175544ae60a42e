import "server-only";
import { AppError } from "@/lib/server/errors";
import type { User } from "@/lib/server/db/schema";
import { rateReply, type ConversationKey } from "@/lib/server/queries/messages";
import type { SharedAssistantRow } from "@/lib/server/queries/shared-assistants";
import { readableGuestConversation, SESSION_ID_PATTERN } from "@/lib/server/policies/guest-identity";
import { toPublicMessage, type PublicMessage } from "@/lib/server/present/message";
import type { RateReplyInput } from "@/lib/schemas/chat";

/**
 * Who votes on which reply: the owner on a reply of their own chat (with any of their
 * assistants), or a visitor on a reply of their own conversation on a share. A reply elsewhere
 * (another visitor's, another owner's, an error reply) is not found, so no one learns it exists.
 */
export type RatingVoter = { kind: "owner"; user: User } | { kind: "visitor"; req: Request; share: SharedAssistantRow; user: User | null };

async function voterConversation(voter: RatingVoter, sessionId: string | undefined): Promise<ConversationKey | { kind: "own-any"; ownerId: string } | null> {
  if (voter.kind === "owner") return { kind: "own-any", ownerId: voter.user.id };
  // Public mode keeps no conversation, so nothing of it can be rated.
  if (voter.share.isPublicMode) return null;
  if (voter.user) return { kind: "share-user", sharedAssistantId: voter.share.id, userId: voter.user.id };
  if (!sessionId || !SESSION_ID_PATTERN.test(sessionId)) throw new AppError("bad_request", { messageKey: "session_required" });
  return readableGuestConversation(voter.req, voter.share, sessionId);
}

export async function rateReplyAs(voter: RatingVoter, messageId: string, input: RateReplyInput): Promise<PublicMessage> {
  const conversation = await voterConversation(voter, input.sessionId);
  const row = conversation ? await rateReply(conversation, messageId, { rating: input.rating, comment: input.comment || null }) : undefined;
  if (!row) throw new AppError("not_found", { messageKey: "reply_not_found" });
  return toPublicMessage(row);
}
