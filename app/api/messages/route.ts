import { NextResponse } from "next/server";
import { MESSAGE_BODY_MAX_BYTES, sendMessageSchema } from "@/lib/schemas/chat";
import { eventStreamResponse, wantsEventStream } from "@/lib/server/http/event-stream";
import { route } from "@/lib/server/http/route";
import { log } from "@/lib/server/log";
import { deleteOwnMessages, listOwnMessages } from "@/lib/server/queries/messages";
import { answerMessage, type AnswerResult } from "@/lib/server/services/answer-message";
import { toPublicMessage } from "@/lib/server/services/present-message";

// GET /api/messages: the caller's conversation, oldest first.
export const GET = route({ auth: "workspace" }, async ({ user }) => (await listOwnMessages(user.id)).map(toPublicMessage));

/** The reply's body: a model failure answers 500 with the stored error reply as aiMessage (SPEC §7). */
function replyBody(result: AnswerResult) {
  if (!result.error) return result;
  return { ...result, error: { code: "ai_failed", message: result.error }, code: "ai_failed", message: result.error };
}

// POST /api/messages: asks the assistant; streams the reply with Accept: text/event-stream.
export const POST = route({ auth: "workspace", body: sendMessageSchema, maxBodyBytes: MESSAGE_BODY_MAX_BYTES }, async ({ req, user, body, locale, t, requestId }) => {
  const request = { scope: { kind: "own" as const, owner: user }, locale, content: body.content.trim(), imageData: body.imageData, imageFileName: body.imageFileName, clientId: body.clientId };
  if (!wantsEventStream(req)) {
    const result = await answerMessage(request);
    return NextResponse.json(replyBody(result), { status: result.error ? 500 : 200 });
  }
  return eventStreamResponse(async (send) => {
    try {
      const result = await answerMessage({ ...request, onDelta: (text) => send("delta", { text }) });
      send("done", replyBody(result));
    } catch (error) {
      log.error("streamed answer failed", { requestId, error });
      throw error;
    }
  }, t("errors.internal"));
});

// DELETE /api/messages: clears the caller's conversation.
export const DELETE = route({ auth: "workspace" }, async ({ user }) => ({ ok: true, deleted: await deleteOwnMessages(user.id) }));
