// A bounded closed-loop load: each worker sends its next request as soon as its previous one is
// answered, until the deadline; requests in flight then finish (each has its own time-out).
import http from "node:http";
import { percentile, round } from "./eval-set";

export type Reply = { status: number; setCookies: string[]; body: string; bytes: number };

/**
 * One keep-alive connection per agent, as one browser tab would use: a simulated visitor keeps
 * its connection instead of opening one per message.
 */
export const oneConnection = () => new http.Agent({ keepAlive: true, maxSockets: 1 });

/** A request over `agent` that fails after `timeoutMs`. */
export function send(
  agent: http.Agent,
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs: number },
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const headers = { ...options.headers, ...(options.body === undefined ? {} : { "content-length": String(Buffer.byteLength(options.body)) }) };
    const req = http.request(url, { agent, method: options.method ?? "GET", headers, timeout: options.timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, setCookies: res.headers["set-cookie"] ?? [], body: body.toString("utf8"), bytes: body.length });
      });
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    req.on("error", reject);
    req.end(options.body);
  });
}

export type LoadResult = {
  seconds: number;
  requests: number;
  ok: number;
  /** Answered, but not with a 2xx, by status. */
  statuses: Record<string, number>;
  failures: number;
  firstFailure?: string;
  latencyMs: { p50: number; p99: number; max: number };
};

/** Runs `workers` loops of `request(worker)` for `seconds`; a request resolves to its status. */
export async function closedLoop(options: { workers: number; seconds: number; request: (worker: number) => Promise<number> }): Promise<LoadResult> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let ok = 0;
  let failures = 0;
  let firstFailure: string | undefined;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  const loop = async (worker: number) => {
    while (performance.now() < deadline) {
      const sent = performance.now();
      try {
        const status = await options.request(worker);
        latencies.push(performance.now() - sent);
        if (status >= 200 && status < 300) ok++;
        else statuses[status] = (statuses[status] ?? 0) + 1;
      } catch (error) {
        failures++;
        firstFailure ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: options.workers }, (_, worker) => loop(worker)));
  const ms = (q: number) => round(percentile(latencies, q), 1);
  return {
    seconds: round((performance.now() - started) / 1000, 2),
    requests: latencies.length + failures,
    ok,
    statuses,
    failures,
    firstFailure,
    latencyMs: { p50: ms(0.5), p99: ms(0.99), max: ms(1) },
  };
}
