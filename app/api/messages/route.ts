import { env } from "@/lib/env";
import { MESSAGE_BODY_MAX_BYTES, sendMessageSchema } from "@/lib/schemas/chat";
import { answerResponse } from "@/lib/server/http/answer-response";
import { route } from "@/lib/server/http/route";
import { deleteOwnMessages, listOwnMessages } from "@/lib/server/queries/messages";
import { toPublicMessage } from "@/lib/server/present/message";

// GET /api/messages: the caller's conversation, oldest first.
export const GET = route({ auth: "workspace" }, async ({ user }) => (await listOwnMessages(user.id)).map(toPublicMessage));

// POST /api/messages: asks the assistant; streams the reply with Accept: text/event-stream.
export const POST = route(
  { auth: "workspace", body: sendMessageSchema, maxBodyBytes: MESSAGE_BODY_MAX_BYTES, limit: { name: "messages", per: "user", max: () => env.MESSAGE_LIMIT_PER_USER_PER_MINUTE } },
  async ({ req, user, body, locale, t, requestId }) =>
    answerResponse(
      req,
      { scope: { kind: "own", owner: user }, locale, content: body.content.trim(), imageData: body.imageData, imageFileName: body.imageFileName, clientId: body.clientId },
      { requestId, failureMessage: t("errors.internal") },
    ),
);

// DELETE /api/messages: clears the caller's conversation.
export const DELETE = route({ auth: "workspace" }, async ({ user }) => ({ ok: true, deleted: await deleteOwnMessages(user.id) }));
