import { vi } from "vitest";

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

type Handler = (call: ApiCall) => { status?: number; json?: unknown } | Promise<{ status?: number; json?: unknown }>;

/**
 * The server as a component sees it: `fetch` answers from `routes` ("GET /api/x" → handler) and
 * records every call; anything else is a 404, so a call the test did not expect shows.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url, "http://localhost");
      const method = (init.method ?? "GET").toUpperCase();
      const body = typeof init.body === "string" ? JSON.parse(init.body) : (init.body ?? null);
      const call = { method, path: url.pathname + url.search, body };
      calls.push(call);
      const handler = routes[`${method} ${url.pathname}`];
      const answer = handler ? await handler(call) : { status: 404, json: { error: { code: "not_found", message: "not found" } } };
      return new Response(JSON.stringify(answer.json ?? null), { status: answer.status ?? 200, headers: { "content-type": "application/json" } });
    }),
  );
  return calls;
}
