import "server-only";
import type { ErrorBody } from "@/lib/errors";

/** Whether the client asked for a streamed reply (Server-Sent Events). */
export function wantsEventStream(req: Request): boolean {
  return (req.headers.get("accept") ?? "").includes("text/event-stream");
}

export type EventSink = (event: string, data: unknown) => void;

/**
 * A Server-Sent Events response fed by `produce`. The work goes on if the client goes away (a
 * reply being written is still saved); sending then simply stops. If `produce` throws, the
 * stream ends with an "error" event carrying `failureMessage` in the one error shape.
 */
export function eventStreamResponse(produce: (send: EventSink) => Promise<void>, failureMessage: string): Response {
  const encoder = new TextEncoder();
  let closed = false;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send: EventSink = (event, data) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
        } catch {
          closed = true;
        }
      };
      produce(send)
        .catch(() => send("error", { error: { code: "internal", message: failureMessage } } satisfies ErrorBody))
        .finally(() => {
          if (closed) return;
          closed = true;
          controller.close();
        });
    },
    cancel() {
      closed = true;
    },
  });
  return new Response(stream, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      "x-accel-buffering": "no",
    },
  });
}
