import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// A local HTTP server speaking the OpenAI Chat Completions API (streaming and not), standing in
// for the paid AI service. Each test picks how it behaves; every request it received is kept.

export type FakeMode = "ok" | "error500" | "rateLimited" | "hang" | "cutMidStream" | "unauthorized" | "modelNotFound" | "webPage";

export interface FakeOpenAi {
  baseUrl: string;
  requests: { path: string; body: any; authorization: string | undefined }[];
  mode: FakeMode;
  /** When set, a request without "Bearer <this>" is refused with 401 (whose message quotes the key it got, as some services do). */
  requiredKey?: string;
  /** When set, a request for another model is refused with 404 model_not_found. */
  knownModels?: string[];
  /** The reply text, sent in pieces of a few characters when streaming. */
  reply: string;
  /** When set, the reply to a request it answers (undefined: `reply`), e.g. by the request's instructions. */
  replyTo?: (body: any) => string | undefined;
  close(): Promise<void>;
}

function chunk(delta: Record<string, unknown>, finish: string | null = null) {
  return `data: ${JSON.stringify({ id: "chatcmpl-test", object: "chat.completion.chunk", created: 1, model: "test-model", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const sockets = new Set<import("node:net").Socket>();
  const fake: FakeOpenAi = {
    baseUrl: "",
    requests: [],
    mode: "ok",
    reply: "Hello from the model.",
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const body = raw ? JSON.parse(raw) : {};
      const authorization = req.headers.authorization;
      fake.requests.push({ path: req.url ?? "", body, authorization });
      const key = authorization?.replace(/^Bearer /, "") ?? "";
      const mode: FakeMode =
        fake.requiredKey !== undefined && key !== fake.requiredKey
          ? "unauthorized"
          : fake.knownModels && !fake.knownModels.includes(body.model)
            ? "modelNotFound"
            : fake.mode;
      switch (mode) {
        case "unauthorized":
          res
            .writeHead(401, { "content-type": "application/json" })
            .end(JSON.stringify({ error: { message: `Incorrect API key provided: ${key}.`, type: "invalid_request_error", code: "invalid_api_key" } }));
          return;
        case "modelNotFound":
          res
            .writeHead(404, { "content-type": "application/json" })
            .end(JSON.stringify({ error: { message: `The model \`${body.model}\` does not exist or you do not have access to it.`, type: "invalid_request_error", code: "model_not_found" } }));
          return;
        case "error500":
          res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "upstream exploded", type: "server_error" } }));
          return;
        case "rateLimited":
          res.writeHead(429, { "content-type": "application/json", "retry-after": "30" }).end(JSON.stringify({ error: { message: "slow down", type: "rate_limit" } }));
          return;
        case "webPage":
          // A base URL that points at a web site rather than an API: 200 and a page.
          res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end("<!doctype html><html><body><h1>Welcome</h1></body></html>");
          return;
        case "hang":
          // Headers, then nothing: a provider that stalls.
          res.writeHead(200, { "content-type": "text/event-stream" });
          res.flushHeaders();
          return;
      }
      if (req.url?.endsWith("/embeddings")) {
        // A small fixed-size vector per input, different for different texts.
        const inputs: string[] = Array.isArray(body.input) ? body.input : [body.input];
        const data = inputs.map((text, index) => ({ object: "embedding", index, embedding: Array.from({ length: 8 }, (_, i) => ((text.charCodeAt(i % Math.max(text.length, 1)) || 1) % 17) / 17) }));
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ object: "list", data, model: body.model, usage: { prompt_tokens: inputs.length, total_tokens: inputs.length } }));
        return;
      }
      const text = fake.replyTo?.(body) ?? fake.reply;
      if (!body.stream) {
        res.writeHead(200, { "content-type": "application/json" }).end(
          JSON.stringify({
            id: "chatcmpl-test",
            object: "chat.completion",
            created: 1,
            model: "test-model",
            choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }],
            usage: { prompt_tokens: 42, completion_tokens: 7, total_tokens: 49 },
          }),
        );
        return;
      }
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(chunk({ role: "assistant", content: "" }));
      const pieces = text.match(/.{1,4}/gsu) ?? [];
      if (mode === "cutMidStream") {
        res.write(chunk({ content: pieces[0] ?? "x" }));
        // The connection drops before the reply is complete.
        setTimeout(() => res.socket?.destroy(), 20);
        return;
      }
      for (const piece of pieces) res.write(chunk({ content: piece }));
      res.write(chunk({}, "stop"));
      res.write(`data: ${JSON.stringify({ id: "chatcmpl-test", object: "chat.completion.chunk", created: 1, model: "test-model", choices: [], usage: { prompt_tokens: 42, completion_tokens: 7, total_tokens: 49 } })}\n\n`);
      res.end("data: [DONE]\n\n");
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}
