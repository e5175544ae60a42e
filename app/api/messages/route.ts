import { MESSAGE_BODY_MAX_BYTES, sendMessageSchema } from "@/lib/schemas/chat";
import { answerResponse } from "@/lib/server/http/answer-response";
import { assistantQuerySchema } from "@/lib/schemas/assistants";
import { route } from "@/lib/server/http/route";
import { RATE_LIMITS } from "@/lib/server/policies/rate-limits";
import { deleteConversation, listConversation, ownConversation } from "@/lib/server/queries/messages";
import { toPublicMessage } from "@/lib/server/present/message";
import type { ChatMessage } from "@/lib/server/present/api-types";
import { ownAssistant } from "@/lib/server/use-cases/read-assistant-profile";

// The caller's conversation with one of their assistants: ?assistantId= (or, for a message, the
// body's assistantId); absent, their default assistant.

// GET /api/messages: the conversation, oldest first.
export const GET = route({ auth: "workspace", query: assistantQuerySchema }, async ({ user, query }): Promise<ChatMessage[]> =>
  (await listConversation(ownConversation(await ownAssistant(user.id, query.assistantId)))).map(toPublicMessage),
);

// POST /api/messages: asks the assistant; streams the reply with Accept: text/event-stream.
export const POST = route(
  { auth: "workspace", body: sendMessageSchema, maxBodyBytes: MESSAGE_BODY_MAX_BYTES, limit: RATE_LIMITS.ownMessages },
  async ({ req, user, body, locale, t, requestId }) =>
    answerResponse(
      req,
      { scope: { kind: "own", owner: user, assistant: await ownAssistant(user.id, body.assistantId) }, locale, content: body.content.trim(), imageData: body.imageData, imageFileName: body.imageFileName, clientId: body.clientId },
      { requestId, failureMessage: t("errors.internal") },
    ),
);

// DELETE /api/messages: clears the conversation.
export const DELETE = route({ auth: "workspace", query: assistantQuerySchema }, async ({ user, query }) => ({
  ok: true,
  deleted: await deleteConversation(ownConversation(await ownAssistant(user.id, query.assistantId))),
}));
