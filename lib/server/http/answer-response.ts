import "server-only";
import { NextResponse } from "next/server";
import { log } from "@/lib/server/log";
import { answerMessage, type AnswerRequest } from "@/lib/server/use-cases/answer-message";
import { toMessageReply, type MessageReply } from "@/lib/server/present/message";
import { normalizeChatImage } from "@/lib/server/use-cases/normalize-chat-image";
import { eventStreamResponse, wantsEventStream } from "./event-stream";

/**
 * Answers a message as JSON, or as Server-Sent Events (deltas, then the same payload as "done")
 * when the client asks for text/event-stream. Shared by the owner's chat and share links. An
 * attached image is re-encoded first, so a bad one is a plain 4xx rather than an error mid-stream.
 */
export async function answerResponse(req: Request, sent: AnswerRequest, context: { requestId: string; failureMessage: string }): Promise<Response> {
  const request = sent.imageData ? { ...sent, imageData: await normalizeChatImage(sent.imageData) } : sent;
  if (!wantsEventStream(req)) {
    const result = await answerMessage(request);
    // A model failure answers 500 with the stored error reply as aiMessage (docs/rules/chat.md#error-replies).
    return NextResponse.json<MessageReply>(toMessageReply(result), { status: result.error ? 500 : 200 });
  }
  return eventStreamResponse(async (send) => {
    try {
      const result = await answerMessage({ ...request, onDelta: (text) => send("delta", { text }) });
      send("done", toMessageReply(result) satisfies MessageReply);
    } catch (error) {
      log.error("streamed answer failed", { requestId: context.requestId, error });
      throw error;
    }
  }, context.failureMessage);
}
