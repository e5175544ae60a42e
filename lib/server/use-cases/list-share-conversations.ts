import "server-only";
import { SHARE_CONVERSATION_MESSAGES_MAX, SHARE_CONVERSATIONS_PAGE_SIZE } from "@/lib/constants";
import type { User } from "@/lib/server/db/schema";
import { AppError } from "@/lib/server/errors";
import { requireOwnedShare } from "@/lib/server/policies/share-owner";
import { toConversationMessage, toConversationSummary, type ShareConversationDetail, type ShareConversationPage } from "@/lib/server/present/share-conversation";
import { listShareConversations, parseConversationId, readShareConversation } from "@/lib/server/queries/share-conversations";

/** A page (0-based) of the visitors' conversations on one of the caller's shares, optionally only those containing `search`. */
export async function listConversationsOfShare(input: { owner: Pick<User, "id">; shareId: string; search?: string; page: number }): Promise<ShareConversationPage> {
  const share = await requireOwnedShare(input.owner, input.shareId);
  const { conversations, total } = await listShareConversations({
    sharedAssistantId: share.id,
    search: input.search,
    limit: SHARE_CONVERSATIONS_PAGE_SIZE,
    offset: input.page * SHARE_CONVERSATIONS_PAGE_SIZE,
  });
  return {
    conversations: conversations.map(toConversationSummary),
    total,
    page: input.page,
    pageSize: SHARE_CONVERSATIONS_PAGE_SIZE,
    // Public mode keeps nothing from now on; what is listed came before it was switched on.
    publicMode: share.isPublicMode,
  };
}

/** One conversation on one of the caller's shares: its latest messages, oldest first. */
export async function readConversationOfShare(input: { owner: Pick<User, "id">; shareId: string; conversationId: string }): Promise<ShareConversationDetail> {
  const share = await requireOwnedShare(input.owner, input.shareId);
  const ref = parseConversationId(input.conversationId);
  const found = ref ? await readShareConversation({ sharedAssistantId: share.id, ref, limit: SHARE_CONVERSATION_MESSAGES_MAX }) : null;
  if (!found) throw new AppError("not_found");
  return {
    conversation: toConversationSummary(found.summary),
    messages: found.messages.map(toConversationMessage),
    // Only the latest are shown; the export holds them all.
    truncated: found.summary.messageCount > found.messages.length,
  };
}
