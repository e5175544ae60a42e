import { vi } from "vitest";

/** One request a component made, as the server would have received it. */
export interface SeenRequest {
  method: string;
  path: string;
  /** The query string, "" when none ("?assistantId=…"). */
  query: string;
  body: unknown;
}

/** A status and a JSON body, or an Error for a network failure. */
type Answer = { status?: number; body?: unknown } | Error;
type Answerer = (request: SeenRequest) => Answer | Promise<Answer>;

/**
 * The browser's fetch for one component under test: each request is recorded and answered, by a
 * function of the request or by a table of "METHOD /path" handlers (anything not in it is a 404,
 * so a request the test did not expect shows). What the server does with those requests is the
 * integration tests' part; here it is what the component does with the answers.
 */
export function fakeApi(answers: Answerer | Record<string, Answerer>) {
  const seen: SeenRequest[] = [];
  const answer: Answerer =
    typeof answers === "function" ? answers : (request) => answers[`${request.method} ${request.path}`]?.(request) ?? { status: 404, body: { error: { code: "not_found", message: "not found" } } };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url, "http://localhost");
      const body = typeof init.body === "string" ? JSON.parse(init.body) : (init.body ?? undefined);
      const request = { method: (init.method ?? "GET").toUpperCase(), path: url.pathname, query: url.search, body };
      seen.push(request);
      const result = await answer(request);
      if (result instanceof Error) throw result;
      return new Response(JSON.stringify(result.body ?? null), { status: result.status ?? 200, headers: { "content-type": "application/json" } });
    }),
  );
  return seen;
}
