import "server-only";
import { randomUUID } from "node:crypto";
import { NextResponse } from "next/server";
import { log } from "@/lib/server/log";
import { answerMessage, type AnswerRequest } from "@/lib/server/use-cases/answer-message";
import { chatCompletion, chatCompletionChunk, usageChunk, type CompletionIdentity } from "@/lib/server/present/openai-chat";

// POST /api/v1/chat/completions answered as OpenAI's API answers: one JSON object, or server-sent
// events of chat.completion.chunk objects ending with "data: [DONE]". The work is the shared page's
// (answerMessage); only the envelope differs.

interface Options {
  stream: boolean;
  includeUsage: boolean;
  model: string;
  requestId: string;
  failureMessage: string;
}

function failure(message: string) {
  return { error: { message, type: "api_error", param: null, code: "ai_failed" } };
}

export async function chatCompletionResponse(request: AnswerRequest, options: Options): Promise<Response> {
  const identity: CompletionIdentity = { id: `chatcmpl-${randomUUID()}`, created: Math.floor(Date.now() / 1000), model: options.model };
  if (!options.stream) {
    const result = await answerMessage(request);
    // The model failed: OpenAI's clients read a 5xx with an error body and may retry.
    if (result.error) return NextResponse.json(failure(result.error), { status: 502 });
    return NextResponse.json(chatCompletion(identity, { text: result.aiMessage.content, sources: result.aiMessage.sources, usage: result.usage }));
  }

  const encoder = new TextEncoder();
  let closed = false;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (data: unknown) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(`data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`));
        } catch {
          closed = true;
        }
      };
      write(chatCompletionChunk(identity, { role: "assistant", content: "" }));
      answerMessage({ ...request, onDelta: (text) => write(chatCompletionChunk(identity, { content: text })) })
        .then((result) => {
          // A stream that already began cannot change its status: the error travels as an event, as OpenAI's does.
          if (result.error) return write(failure(result.error));
          write(chatCompletionChunk(identity, { finish: { sources: result.aiMessage.sources } }));
          if (options.includeUsage) write(usageChunk(identity, result.usage));
        })
        .catch((error: unknown) => {
          log.error("streamed completion failed", { requestId: options.requestId, error });
          write(failure(options.failureMessage));
        })
        .finally(() => {
          write("[DONE]");
          if (closed) return;
          closed = true;
          controller.close();
        });
    },
    cancel() {
      closed = true;
    },
  });
  return new Response(body, {
    headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache, no-transform", "x-accel-buffering": "no" },
  });
}
