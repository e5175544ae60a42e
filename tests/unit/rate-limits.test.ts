import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { declaredLimits } from "@/lib/server/http/route";
import { RATE_LIMITS, type RateLimit } from "@/lib/server/policies/rate-limits";

// Every rate limit is an entry of RATE_LIMITS and declared on its route's route({ limit }): a
// route that loses its limit, or counts one that is not in the table, fails here.

const root = path.resolve(import.meta.dirname, "../..");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** "METHOD /api/…" of every handler under app/api, with the limits it declares. */
async function apiHandlers(): Promise<Map<string, readonly RateLimit[]>> {
  const files = (readdirSync(path.join(root, "app/api"), { recursive: true }) as string[]).filter((f) => path.basename(f) === "route.ts");
  const handlers = new Map<string, readonly RateLimit[]>();
  for (const file of files) {
    const mod = (await import(path.join(root, "app/api", file))) as Record<string, unknown>;
    const apiPath = `/api/${path.dirname(file).split(path.sep).join("/")}`;
    for (const method of METHODS) if (mod[method]) handlers.set(`${method} ${apiPath}`, declaredLimits(mod[method]));
  }
  return handlers;
}

const entries = Object.entries(RATE_LIMITS) as [string, RateLimit][];

describe("the rate-limit table", () => {
  it("each limit is declared by every route it names, and no route counts a limit outside the table", { timeout: 120_000 }, async () => {
    const handlers = await apiHandlers();
    expect(handlers.size).toBeGreaterThan(50);

    const missing = entries.flatMap(([name, limit]) =>
      limit.routes.filter((route) => !(handlers.get(route) ?? []).includes(limit)).map((route) => `${route} does not declare RATE_LIMITS.${name}`),
    );
    expect(missing).toEqual([]);

    const tableLimits = new Set<RateLimit>(entries.map(([, limit]) => limit));
    const stray = [...handlers].flatMap(([route, limits]) =>
      limits.filter((limit) => !tableLimits.has(limit) || !limit.routes.includes(route)).map((limit) => `${route} declares "${limit.name}" per ${limit.per}, which the table does not give it`),
    );
    expect(stray).toEqual([]);
  });

  it("keeps the limits the product has had", () => {
    const limited = new Set(entries.flatMap(([, limit]) => limit.routes));
    for (const route of [
      "POST /api/messages",
      "POST /api/link-preview",
      "GET /api/shared-assistants/[id]/conversations/export",
      "POST /api/shared-assistants/[id]/messages",
      "POST /api/ai-suggestions",
      "POST /api/initial-questions",
      "POST /api/analyze-image",
      "POST /api/login",
      "POST /api/register",
      "POST /api/trial-setup",
      "POST /api/password-reset",
      "POST /api/password-reset/confirm",
      "POST /api/feedback",
    ]) {
      expect(limited, route).toContain(route);
    }
  });

  it("gives each counter one window and limit per subject, and names the variable of each configurable one", () => {
    const counters = new Map<string, RateLimit>();
    for (const [name, limit] of entries) {
      const counter = `${limit.name}:${limit.per}`;
      expect(counters.has(counter), `${name} counts ${counter}, which another limit counts too`).toBe(false);
      counters.set(counter, limit);
      expect(limit.windowMs, name).toBeGreaterThan(0);
      const max = typeof limit.max === "function" ? limit.max() : limit.max;
      expect(Number.isInteger(max) && max > 0, name).toBe(true);
      expect(typeof limit.max === "function", `${name}: read per request exactly when an env variable sets it`).toBe(limit.env !== undefined);
    }
  });
});
