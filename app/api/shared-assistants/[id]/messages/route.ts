import { z } from "zod";
import { GUEST_KEY_HEADER } from "@/lib/constants";
import { MESSAGE_BODY_MAX_BYTES, shareMessageSchema } from "@/lib/schemas/chat";
import { clientIp } from "@/lib/server/http/client-ip";
import { AppError } from "@/lib/server/errors";
import { answerResponse } from "@/lib/server/http/answer-response";
import { route } from "@/lib/server/http/route";
import { listConversation, moveGuestConversationToUser, type ConversationKey } from "@/lib/server/queries/messages";
import { readableGuestConversation, SESSION_ID_PATTERN, writableGuestConversation } from "@/lib/server/policies/guest-identity";
import { toPublicMessage } from "@/lib/server/present/message";
import { RATE_LIMITS } from "@/lib/server/policies/rate-limits";
import type { ChatMessage } from "@/lib/server/present/api-types";
import { openShare, requireVisitorSignIn } from "@/lib/server/policies/share-access";

function checkSessionId(sessionId: string | undefined): string {
  if (!sessionId || !SESSION_ID_PATTERN.test(sessionId)) throw new AppError("bad_request", { messageKey: "session_required" });
  return sessionId;
}

// GET /api/shared-assistants/{shareId}/messages?sessionId=: the visitor's conversation on this share.
export const GET = route({ auth: "public", query: z.object({ sessionId: z.string().max(130).optional() }) }, async ({ req, params, query, user }): Promise<ChatMessage[]> => {
  const share = await openShare(params.id);
  requireVisitorSignIn(share, user);
  // Public mode keeps no per-visitor history.
  if (share.isPublicMode) return [];
  let conversation: ConversationKey | null;
  if (user) {
    conversation = { kind: "share-user", sharedAssistantId: share.id, userId: user.id };
    // Signed in from the browser that chatted as a guest: that conversation is theirs now.
    if (query.sessionId && SESSION_ID_PATTERN.test(query.sessionId)) {
      const guest = await readableGuestConversation(req, share, query.sessionId);
      if (guest?.kind === "share-guest") await moveGuestConversationToUser(guest, user.id);
    }
  } else conversation = await readableGuestConversation(req, share, checkSessionId(query.sessionId));
  return conversation ? (await listConversation(conversation)).map(toPublicMessage) : [];
});

// POST /api/shared-assistants/{shareId}/messages: a visitor asks the shared assistant (SSE with Accept: text/event-stream).
// Counted per address, per visitor on the link and per link, once the share is open to the caller.
const shareMessageLimits = [RATE_LIMITS.shareMessagesPerIp, RATE_LIMITS.shareMessagesPerVisitor, RATE_LIMITS.shareMessagesPerLink];

export const POST = route({ auth: "public", body: shareMessageSchema, maxBodyBytes: MESSAGE_BODY_MAX_BYTES, limit: shareMessageLimits }, async ({ req, params, body, user, locale, t, requestId, countLimit }) => {
  const share = await openShare(params.id);
  requireVisitorSignIn(share, user);
  const ip = clientIp(req);
  const sessionId = share.isPublicMode || user ? null : checkSessionId(body.sessionId);
  // Limits first: a refused request costs no session and no model call.
  await countLimit({ link: share.id, visitor: user ? `user:${user.id}` : sessionId ? `session:${sessionId}` : `ip:${ip}` });
  let conversation: ConversationKey | null = null;
  let setCookies: string[] = [];
  let frameKey: string | undefined;
  // Public mode: no conversation kept.
  if (share.isPublicMode) conversation = null;
  else if (user) conversation = { kind: "share-user", sharedAssistantId: share.id, userId: user.id };
  else ({ conversation, setCookies, frameKey } = await writableGuestConversation(req, share, sessionId!, ip));

  const res = await answerResponse(
    req,
    {
      scope: { kind: "share", share, conversation, visitorUserId: user?.id ?? null },
      locale,
      content: body.message.trim(),
      imageData: body.imageData,
      imageFileName: body.imageFileName,
      clientId: body.clientId,
    },
    { requestId, failureMessage: t("errors.internal") },
  );
  for (const cookie of setCookies) res.headers.append("set-cookie", cookie);
  // A page framed by another site, which keeps no cookie there, holds its key itself.
  if (frameKey) res.headers.set(GUEST_KEY_HEADER, frameKey);
  return res;
});
