import { beforeAll, describe, expect, it } from "vitest";
import * as usageRoute from "@/app/api/admin/api-usage/route";
import * as exportRoute from "@/app/api/admin/api-usage/export/route";
import * as pricesRoute from "@/app/api/admin/model-prices/route";
import * as messagesRoute from "@/app/api/messages/route";
import { LOCALE_COOKIE } from "@/lib/constants";
import { getDb } from "@/lib/server/db/client";
import { apiUsage, type User } from "@/lib/server/db/schema";
import { createShare } from "@/lib/server/queries/shared-assistants";
import { deleteUserGuarded } from "@/lib/server/queries/users";
import { buildUsageReport } from "@/lib/server/use-cases/build-usage-report";
import { usageReportQuerySchema } from "@/lib/schemas/usage-report";
import { NextRequest } from "next/server";
import { call, ORIGIN, seedUser } from "../support/http";

// A handful of calls whose figures are worked out by hand below. Days are Taipei days (UTC+8):
// 2026-03-10 starts at 2026-03-09T16:00Z. 2026-03-09 is a Monday.
//
//  #  created (UTC)             Taipei day  provider/model                  route                            user   share  in    out   ms    outcome
//  1  2026-03-09T15:59:59.999Z  03-09       openai-compatible gpt-4o-mini   /api/messages                    alice  -      1000  200   100   ok
//  2  2026-03-09T16:00:00.000Z  03-10       openai-compatible gpt-4o-mini   /api/messages                    alice  -      2000  400   300   ok
//  3  2026-03-10T03:00:00Z      03-10       openai-compatible gpt-4o        /api/shared-assistants/messages  -      S1     3000  600   1200  error
//  4  2026-03-10T04:00:00Z      03-10       openai-compatible gpt-4o        /api/shared-assistants/messages  bob    S1     500   100   800   ok
//  5  2026-03-10T05:00:00Z      03-10       offline docchat-offline-1       /api/messages                    bob    -      400   300   20    ok
//  6  2026-03-10T16:00:00Z      03-11       openai-compatible gpt-4o-mini   /api/ai-suggestions              alice  S2     100   50    2500  timeout
//  7  2026-03-11T15:59:59Z      03-11       openai-compatible gpt-4o        /api/analyze-image               bob    -      1500  500   600   ok
//  8  2026-03-11T16:00:00Z      03-12       openai-compatible gpt-4o-mini   /api/messages                    alice  -      9999  9999  5     ok
//
// Range 03-10..03-11 holds calls 2–7: 6 calls, 2 errors (error, timeout), 7500 tokens in, 1950 out.
// Latencies 20 300 600 800 1200 2500: exact p50 = (600+800)/2 = 700, p95 = 1200 + 0.75 × 1300 = 2175.
// Prices per million (in/out): gpt-4o-mini 0.15/0.60, gpt-4o 2.50/10.00; the offline model is free
// whatever it is priced at. Costs in millionths of a dollar: #2 540, #3 13500, #4 2250, #5 0,
// #6 45, #7 8750; total 25085.

let admin: Awaited<ReturnType<typeof seedUser>>;
let alice: User;
let bob: User;
let s1: string;
let s2: string;

const RANGE = { range: "custom", from: "2026-03-10", to: "2026-03-11" } as const;

function report(query: Record<string, unknown>, options?: Parameters<typeof buildUsageReport>[1]) {
  return buildUsageReport(usageReportQuerySchema.parse({ ...RANGE, ...query }), options);
}

function setPrice(model: string, inputPerMillion: number, outputPerMillion: number, cookie = admin.cookie) {
  return call(pricesRoute.PUT, { method: "PUT", path: "/api/admin/model-prices", cookie, body: { model, inputPerMillion, outputPerMillion } });
}

const micro = (usd: number) => Math.round(usd * 1_000_000);

beforeAll(async () => {
  admin = await seedUser({ role: "admin" });
  alice = (await seedUser()).user;
  bob = (await seedUser()).user;
  const db = await getDb();
  const { users } = await import("@/lib/server/db/schema");
  const { eq } = await import("drizzle-orm");
  await db.update(users).set({ displayName: "Alice" }).where(eq(users.id, alice.id));
  await db.update(users).set({ displayName: "Bob" }).where(eq(users.id, bob.id));
  s1 = (await createShare({ ownerId: alice.id, name: "客服助理", rolePrompt: "", includeDocuments: false })).id;
  s2 = (await createShare({ ownerId: alice.id, name: "Share Two", rolePrompt: "", includeDocuments: false })).id;
  const mini = { provider: "openai-compatible", model: "gpt-4o-mini" };
  const full = { provider: "openai-compatible", model: "gpt-4o" };
  const offline = { provider: "offline", model: "docchat-offline-1" };
  // One statement for all of them: the rollup trigger sums a multi-row insert in one go.
  await db.insert(apiUsage).values([
    { ...mini, route: "/api/messages", userId: alice.id, inputTokens: 1000, outputTokens: 200, latencyMs: 100, outcome: "ok", createdAt: new Date("2026-03-09T15:59:59.999Z") },
    { ...mini, route: "/api/messages", userId: alice.id, inputTokens: 2000, outputTokens: 400, latencyMs: 300, outcome: "ok", createdAt: new Date("2026-03-09T16:00:00.000Z") },
    { ...full, route: "/api/shared-assistants/messages", sharedAssistantId: s1, inputTokens: 3000, outputTokens: 600, latencyMs: 1200, outcome: "error", createdAt: new Date("2026-03-10T03:00:00Z") },
    { ...full, route: "/api/shared-assistants/messages", userId: bob.id, sharedAssistantId: s1, inputTokens: 500, outputTokens: 100, latencyMs: 800, outcome: "ok", createdAt: new Date("2026-03-10T04:00:00Z") },
  ]);
  // The rest one by one, as the product records them.
  for (const row of [
    { ...offline, route: "/api/messages", userId: bob.id, inputTokens: 400, outputTokens: 300, latencyMs: 20, outcome: "ok" as const, createdAt: new Date("2026-03-10T05:00:00Z") },
    { ...mini, route: "/api/ai-suggestions", userId: alice.id, sharedAssistantId: s2, inputTokens: 100, outputTokens: 50, latencyMs: 2500, outcome: "timeout" as const, createdAt: new Date("2026-03-10T16:00:00Z") },
    { ...full, route: "/api/analyze-image", userId: bob.id, inputTokens: 1500, outputTokens: 500, latencyMs: 600, outcome: "ok" as const, createdAt: new Date("2026-03-11T15:59:59Z") },
    { ...mini, route: "/api/messages", userId: alice.id, inputTokens: 9999, outputTokens: 9999, latencyMs: 5, outcome: "ok" as const, createdAt: new Date("2026-03-11T16:00:00Z") },
  ]) {
    await db.insert(apiUsage).values(row);
  }
});

describe("usage report aggregation", () => {
  it("totals a range of Taipei days, the calls at midnight on the right side of each boundary", async () => {
    const r = await report({});
    expect(r.range).toEqual({ from: "2026-03-10", to: "2026-03-11", days: 2 });
    expect(r.latency).toBe("exact");
    expect(r.totals).toMatchObject({ calls: 6, errors: 2, inputTokens: 7500, outputTokens: 1950, p50: 700, p95: 2175 });
  });

  it("gives every day, with its own exact percentiles", async () => {
    const r = await report({ from: "2026-03-09", to: "2026-03-13" });
    expect(r.days.map((d) => [d.day, d.calls, d.errors, d.inputTokens, d.outputTokens])).toEqual([
      ["2026-03-09", 1, 0, 1000, 200],
      ["2026-03-10", 4, 1, 5900, 1400],
      ["2026-03-11", 2, 1, 1600, 550],
      ["2026-03-12", 1, 0, 9999, 9999],
      ["2026-03-13", 0, 0, 0, 0],
    ]);
    // 03-10: 20 300 800 1200 → p50 (300+800)/2 = 550, p95 = 800 + 0.85 × 400 = 1140.
    expect(r.days[1]).toMatchObject({ p50: 550, p95: 1140 });
    // 03-11: 600 2500 → p50 1550, p95 = 600 + 0.95 × 1900 = 2405.
    expect(r.days[2]).toMatchObject({ p50: 1550, p95: 2405 });
    expect(r.days[4]).toMatchObject({ p50: null, p95: null });
  });

  it("follows Taipei's calendar for today: 23:59:59 and midnight fall on different days", async () => {
    const before = await report({ range: "today" }, { now: new Date("2026-03-10T15:59:59Z") });
    expect(before.range).toEqual({ from: "2026-03-10", to: "2026-03-10", days: 1 });
    expect(before.totals.calls).toBe(4);
    const after = await report({ range: "today" }, { now: new Date("2026-03-10T16:00:00Z") });
    expect(after.range.from).toBe("2026-03-11");
    expect(after.totals.calls).toBe(2);
    const week = await report({ range: "7d" }, { now: new Date("2026-03-12T01:00:00Z") });
    expect(week.range).toEqual({ from: "2026-03-06", to: "2026-03-12", days: 7 });
    expect(week.totals.calls).toBe(8);
  });

  it("groups by provider, model, route, user and share", async () => {
    const by = async (dimension: string) => (await report({ dimension })).breakdown.groups.map((g) => [g.key, g.calls, g.errors, g.inputTokens, g.outputTokens]);
    expect(await by("provider")).toEqual([
      ["openai-compatible", 5, 2, 7100, 1650],
      ["offline", 1, 0, 400, 300],
    ]);
    expect(await by("model")).toEqual([
      ["gpt-4o", 3, 1, 5000, 1200],
      ["gpt-4o-mini", 2, 1, 2100, 450],
      ["docchat-offline-1", 1, 0, 400, 300],
    ]);
    expect(await by("route")).toEqual([
      ["/api/messages", 2, 0, 2400, 700],
      ["/api/shared-assistants/messages", 2, 1, 3500, 700],
      ["/api/ai-suggestions", 1, 1, 100, 50],
      ["/api/analyze-image", 1, 0, 1500, 500],
    ]);
    expect(await by("user")).toEqual([
      [bob.id, 3, 0, 2400, 900],
      [alice.id, 2, 1, 2100, 450],
      ["", 1, 1, 3000, 600],
    ]);
    expect(await by("share")).toEqual([
      ["", 3, 0, 3900, 1200],
      [s1, 2, 1, 3500, 700],
      [s2, 1, 1, 100, 50],
    ]);
    const users = (await report({ dimension: "user" })).breakdown.groups;
    expect(users.find((g) => g.key === alice.id)).toMatchObject({ label: "Alice", p50: 1400, p95: 2390 });
    const shares = (await report({ dimension: "share" })).breakdown.groups;
    expect(shares.find((g) => g.key === s1)).toMatchObject({ label: "客服助理" });
  });

  it("sorts in SQL either way, ties by key, and pages with the number of groups", async () => {
    const sorted = async (sort: string, dir: string) => (await report({ dimension: "route", sort, dir })).breakdown.groups.map((g) => g.key);
    expect(await sorted("inputTokens", "asc")).toEqual(["/api/ai-suggestions", "/api/analyze-image", "/api/messages", "/api/shared-assistants/messages"]);
    expect(await sorted("p95", "desc")).toEqual(["/api/ai-suggestions", "/api/shared-assistants/messages", "/api/analyze-image", "/api/messages"]);
    expect(await sorted("name", "asc")).toEqual(["/api/ai-suggestions", "/api/analyze-image", "/api/messages", "/api/shared-assistants/messages"]);
    const users = await report({ dimension: "user", sort: "name", dir: "asc" });
    expect(users.breakdown.groups.map((g) => g.label ?? g.key)).toEqual(["", "Alice", "Bob"]);
    expect(users.breakdown).toMatchObject({ total: 3, page: 0, pageSize: 20 });
    const beyond = await report({ dimension: "user", page: 1 });
    expect(beyond.breakdown).toMatchObject({ total: 0, groups: [] });
  });

  it("reads the same figures from the rollup, percentiles from its histogram", async () => {
    const raw = await report({ dimension: "model" });
    const rolled = await report({ dimension: "model" }, { exactMaxCalls: 0 });
    expect(rolled.latency).toBe("histogram");
    const counts = (r: typeof raw) => r.breakdown.groups.map(({ p50: _p50, p95: _p95, ...rest }) => rest);
    expect(counts(rolled)).toEqual(counts(raw));
    expect({ ...rolled.totals, p50: 0, p95: 0 }).toEqual({ ...raw.totals, p50: 0, p95: 0 });
    // Buckets [20,30) [300,400) [500,750) [750,1000) [1000,1500) [2000,3000), one call each.
    // p50: the 3rd of 6 calls ends the [500,750) bucket: 750. p95: 5.7 of 6, 0.7 into [2000,3000): 2700.
    expect(rolled.totals.p50).toBeCloseTo(750, 6);
    expect(rolled.totals.p95).toBeCloseTo(2700, 6);
    // gpt-4o-mini alone: 300 and 2500. p50: 1.0 of 2 ends [300,400): 400; p95: 1.9 of 2, 0.9 into [2000,3000): 2900.
    const mini = rolled.breakdown.groups.find((g) => g.key === "gpt-4o-mini")!;
    expect(mini.p50).toBeCloseTo(400, 6);
    expect(mini.p95).toBeCloseTo(2900, 6);
  });

  it("reads whole weeks from the week rows and the days around them from the day rows", async () => {
    // 03-09 (Mon) to 03-15 (Sun) is one whole week; 03-08..03-16 adds a day on each side.
    for (const range of [
      { from: "2026-03-09", to: "2026-03-15", calls: [4, 3, 1] },
      { from: "2026-03-08", to: "2026-03-16", calls: [4, 3, 1] },
      { from: "2026-03-10", to: "2026-03-16", calls: [3, 3, 1] },
    ]) {
      for (const exactMaxCalls of [0, 1_000]) {
        const r = await report({ from: range.from, to: range.to, dimension: "user" }, { exactMaxCalls });
        const byKey = (rows: [string, number][]) => [...rows].sort(([a], [b]) => a.localeCompare(b));
        expect(byKey(r.breakdown.groups.map((g) => [g.key, g.calls])), `${range.from}..${range.to} ${exactMaxCalls}`).toEqual(
          byKey([
            [alice.id, range.calls[0]],
            [bob.id, range.calls[1]],
            ["", range.calls[2]],
          ]),
        );
      }
    }
  });
});

describe("estimated cost", () => {
  it("counts calls of unpriced models apart, and follows every price edit at once", async () => {
    let r = await report({ dimension: "model" });
    expect(r.totals).toMatchObject({ cost: 0, unpricedCalls: 5 });

    expect((await setPrice("gpt-4o-mini", 0.15, 0.6)).status).toBe(200);
    // The offline model stays free even with a price set for it.
    expect((await setPrice("docchat-offline-1", 5, 5)).status).toBe(200);
    r = await report({ dimension: "model" });
    expect(micro(r.totals.cost)).toBe(540 + 45);
    expect(r.totals.unpricedCalls).toBe(3);

    await setPrice("gpt-4o", 2.5, 10);
    r = await report({ dimension: "model", sort: "cost" });
    expect(micro(r.totals.cost)).toBe(25085);
    expect(r.totals.unpricedCalls).toBe(0);
    expect(r.breakdown.groups.map((g) => [g.key, micro(g.cost)])).toEqual([
      ["gpt-4o", 24500],
      ["gpt-4o-mini", 585],
      ["docchat-offline-1", 0],
    ]);
    const days = await report({});
    expect(days.days.map((d) => micro(d.cost))).toEqual([16290, 8795]);
    const users = await report({ dimension: "user", sort: "cost" });
    expect(users.breakdown.groups.map((g) => [g.key, micro(g.cost)])).toEqual([
      ["", 13500],
      [bob.id, 11000],
      [alice.id, 585],
    ]);

    // Doubling gpt-4o's price doubles its share.
    await setPrice("gpt-4o", 5, 20);
    r = await report({});
    expect(micro(r.totals.cost)).toBe(49000 + 585);
    const rolled = await report({}, { exactMaxCalls: 0 });
    expect(micro(rolled.totals.cost)).toBe(49000 + 585);
    await setPrice("gpt-4o", 2.5, 10);
  });
});

describe("GET /api/admin/api-usage", () => {
  it("answers the admin with the report", async () => {
    const res = await call(usageRoute.GET, { path: "/api/admin/api-usage?range=custom&from=2026-03-10&to=2026-03-11&dimension=share&sort=calls&dir=asc", cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.body.totals.calls).toBe(6);
    expect(res.body.breakdown.groups.map((g: { key: string }) => g.key)).toEqual([s2, s1, ""]);
  });

  it("refuses bad ranges with a validation error", async () => {
    for (const qs of ["range=custom&from=2026-03-11&to=2026-03-10", "range=custom&from=2026-02-30&to=2026-03-10", "range=custom&from=2025-01-01&to=2026-03-10", "range=custom", "dimension=planet", "sort=secret", "page=-1"]) {
      const res = await call(usageRoute.GET, { path: `/api/admin/api-usage?${qs}`, cookie: admin.cookie });
      expect(res.status, qs).toBe(400);
    }
  });

  it("is for admins only", async () => {
    const manager = await seedUser({ role: "manager" });
    const member = await seedUser();
    for (const route of [usageRoute.GET, exportRoute.GET, pricesRoute.GET]) {
      expect((await call(route, { path: "/api/admin/api-usage" })).status).toBe(401);
      expect((await call(route, { path: "/api/admin/api-usage", cookie: manager.cookie })).status).toBe(403);
      expect((await call(route, { path: "/api/admin/api-usage", cookie: member.cookie })).status).toBe(403);
    }
    expect((await setPrice("gpt-4o", 0, 0, manager.cookie)).status).toBe(403);
    const del = await call(pricesRoute.DELETE, { method: "DELETE", path: "/api/admin/model-prices", cookie: manager.cookie, body: { model: "gpt-4o" } });
    expect(del.status).toBe(403);
    const { prices } = (await call(pricesRoute.GET, { path: "/api/admin/model-prices", cookie: admin.cookie })).body;
    expect(prices.find((p: { model: string }) => p.model === "gpt-4o")).toMatchObject({ inputPerMillion: 2.5, outputPerMillion: 10 });
  });
});

describe("PUT and DELETE /api/admin/model-prices", () => {
  it("lists every model called or priced, and validates prices", async () => {
    expect((await setPrice("future-model", 1.23456, 2)).status).toBe(200);
    const { prices } = (await call(pricesRoute.GET, { path: "/api/admin/model-prices", cookie: admin.cookie })).body;
    expect(prices.map((p: { model: string }) => p.model)).toEqual(["docchat-offline-1", "future-model", "gpt-4o", "gpt-4o-mini"]);
    expect(prices.find((p: { model: string }) => p.model === "future-model")).toMatchObject({ providers: [], inputPerMillion: 1.2346, outputPerMillion: 2 });
    expect(prices.find((p: { model: string }) => p.model === "docchat-offline-1")).toMatchObject({ providers: ["offline"] });

    for (const body of [{ model: "x", inputPerMillion: -1, outputPerMillion: 1 }, { model: "x", inputPerMillion: "1", outputPerMillion: 1 }, { model: "", inputPerMillion: 1, outputPerMillion: 1 }, { model: "x", inputPerMillion: 1 }, { model: "x", inputPerMillion: 1e9, outputPerMillion: 1 }, { model: "x", inputPerMillion: 1, outputPerMillion: 1, updatedById: "me" }]) {
      const res = await call(pricesRoute.PUT, { method: "PUT", path: "/api/admin/model-prices", cookie: admin.cookie, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }

    const removed = await call(pricesRoute.DELETE, { method: "DELETE", path: "/api/admin/model-prices", cookie: admin.cookie, body: { model: "future-model" } });
    expect(removed.status).toBe(200);
    expect(removed.body.prices.map((p: { model: string }) => p.model)).not.toContain("future-model");
    const again = await call(pricesRoute.DELETE, { method: "DELETE", path: "/api/admin/model-prices", cookie: admin.cookie, body: { model: "future-model" } });
    expect(again.status).toBe(404);
  });
});

describe("GET /api/admin/api-usage/export", () => {
  it("writes the breakdown of the view as CSV, every group and escaped", async () => {
    const db = await getDb();
    const { users } = await import("@/lib/server/db/schema");
    const { eq } = await import("drizzle-orm");
    await db.update(users).set({ displayName: '=HYPERLINK("http://evil.example","點我")' }).where(eq(users.id, alice.id));
    const res = await call(exportRoute.GET, {
      path: "/api/admin/api-usage/export?range=custom&from=2026-03-10&to=2026-03-11&dimension=user&sort=calls&dir=desc",
      cookie: `${admin.cookie}; ${LOCALE_COOKIE}=en`,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="api-usage-user-2026-03-10-to-2026-03-11.csv"');
    // Read as text the byte-order mark is gone; the bytes are checked below.
    // Every cell quoted (RFC 4180), so no locale's separator splits one.
    expect((res.body as string).split("\r\n")).toEqual([
      `"User","E-mail","User ID","Calls","Errors","Input tokens","Output tokens","Estimated cost (USD)","Latency p50 (ms)","Latency p95 (ms)"`,
      `"Bob","${bob.email}","${bob.id}","3","0","2400","900","0.011","600","780"`,
      `"'=HYPERLINK(""http://evil.example"",""點我"")","${alice.email}","${alice.id}","2","1","2100","450","0.000585","1400","2390"`,
      `"Guests (not signed in)","","","1","1","3000","600","0.0135","1200","1200"`,
      "",
    ]);
    const raw = await exportRoute.GET(new NextRequest(`${ORIGIN}/api/admin/api-usage/export?dimension=user`, { headers: { cookie: admin.cookie } }), {
      params: Promise.resolve({}),
    });
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    await db.update(users).set({ displayName: "Alice" }).where(eq(users.id, alice.id));
  });

  it("writes the days of the view, in Chinese by default", async () => {
    const res = await call(exportRoute.GET, { path: "/api/admin/api-usage/export?range=custom&from=2026-03-10&to=2026-03-12&table=days", cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect((res.body as string).split("\r\n")).toEqual([
      `"日期","呼叫次數","錯誤","輸入 token","輸出 token","估計費用（美元）","延遲 p50（毫秒）","延遲 p95（毫秒）"`,
      `"2026-03-10","4","1","5900","1400","0.01629","550","1140"`,
      `"2026-03-11","2","1","1600","550","0.008795","1550","2405"`,
      `"2026-03-12","1","0","9999","9999","0.007499","5","5"`,
      "",
    ]);
  });
});

describe("the rollup follows changes to api_usage", () => {
  it("moves a deleted user's calls to the guests, in the rollup and in the calls alike", async () => {
    const carol = await seedUser();
    const db = await getDb();
    await db.insert(apiUsage).values({ provider: "offline", model: "docchat-offline-1", route: "/api/messages", userId: carol.user.id, latencyMs: 10, outcome: "ok", createdAt: new Date("2026-03-10T06:00:00Z") });
    const keys = async (exactMaxCalls: number) =>
      (await report({ dimension: "user", sort: "name", dir: "asc" }, { exactMaxCalls })).breakdown.groups.map((g) => [g.key, g.calls]);
    expect(await keys(0)).toEqual(await keys(1_000));
    expect((await keys(0)).find(([key]) => key === carol.user.id)).toEqual([carol.user.id, 1]);

    expect((await deleteUserGuarded(carol.user.id)).ok).toBe(true);
    for (const exactMaxCalls of [0, 1_000]) {
      const rows = await keys(exactMaxCalls);
      expect(rows.map(([key]) => key)).not.toContain(carol.user.id);
      expect(rows.find(([key]) => key === "")).toEqual(["", 2]);
    }
    await db.delete(apiUsage).where((await import("drizzle-orm")).isNull(apiUsage.userId));
    const after = await report({ dimension: "user" }, { exactMaxCalls: 0 });
    expect(after.breakdown.groups.map((g) => g.key)).toEqual([bob.id, alice.id]);
    expect(after.totals.calls).toBe(5);
  });

  it("counts a real chat message answered by the offline model, at no cost", async () => {
    const owner = await seedUser({ role: "admin" });
    const sent = await call(messagesRoute.POST, { method: "POST", path: "/api/messages", cookie: owner.cookie, body: { content: "你好" } });
    expect(sent.status).toBe(200);
    const today = await buildUsageReport(usageReportQuerySchema.parse({ range: "today", dimension: "user" }));
    const mine = today.breakdown.groups.find((g) => g.key === owner.user.id);
    expect(mine).toMatchObject({ calls: 1, providers: "offline", cost: 0 });
    expect(today.totals.unpricedCalls).toBe(0);
  });
});
