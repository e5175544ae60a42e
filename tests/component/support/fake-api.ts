import { vi } from "vitest";

/** One request a component made, as the server would have received it. */
export interface SeenRequest {
  method: string;
  path: string;
  body: unknown;
}

type Answer = { status: number; body: unknown } | Error;

/**
 * The browser's fetch for one component under test: each request is recorded and answered by
 * `answer` (a status and a JSON body, or an Error for a network failure). What the server does
 * with those requests is the integration tests' part; here it is what the component does with
 * the answers.
 */
export function fakeApi(answer: (request: SeenRequest) => Answer) {
  const seen: SeenRequest[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), "http://localhost");
      const request = { method: init.method ?? "GET", path: url.pathname, body: typeof init.body === "string" ? JSON.parse(init.body) : undefined };
      seen.push(request);
      const result = answer(request);
      if (result instanceof Error) throw result;
      return new Response(JSON.stringify(result.body), { status: result.status, headers: { "content-type": "application/json" } });
    }),
  );
  return seen;
}
