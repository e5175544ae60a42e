import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import * as keysRoute from "@/app/api/assistants/[id]/api-keys/route";
import * as completions from "@/app/api/v1/chat/completions/route";
import * as messagesRoute from "@/app/api/messages/route";
import * as usageRoute from "@/app/api/admin/api-usage/route";
import * as exportRoute from "@/app/api/admin/api-usage/export/route";
import { LOCALE_COOKIE } from "@/lib/constants";
import { getDb } from "@/lib/server/db/client";
import { apiKeys } from "@/lib/server/db/schema";
import { registerJobs } from "@/lib/server/jobs/register";
import { drainJobs } from "@/lib/server/jobs/runner";
import { defaultAssistant } from "@/lib/server/queries/assistants";
import { uploadDocument } from "@/lib/server/use-cases/upload-document";
import { buildUsageReport } from "@/lib/server/use-cases/build-usage-report";
import { usageReportQuerySchema } from "@/lib/schemas/usage-report";
import { call, seedUser } from "../support/http";

// Calls made with an API key count in the admin's usage report under the key's assistant, the key
// itself and its owner, on screen and in the CSV, from the calls and from the rollup alike.

const WASTE = "臺北市垃圾清運\n\n資源回收在每週二與週四收運，請將紙類、塑膠與金屬分開放置。";

type Seeded = Awaited<ReturnType<typeof seedUser>>;

let admin: Seeded;
let owner: Seeded;
let assistantId: string;
let key: { id: string; key: string; prefix: string };

function complete(question: string) {
  return call(completions.POST, {
    method: "POST",
    path: "/api/v1/chat/completions",
    headers: { authorization: `Bearer ${key.key}` },
    body: { model: assistantId, messages: [{ role: "user", content: question }] },
  });
}

/** The report of the last week (the calls are made now) by one dimension, read from the calls or from the rollup. */
function report(dimension: string, source: "raw" | "rollup") {
  return buildUsageReport(usageReportQuerySchema.parse({ range: "7d", dimension }), { exactMaxCalls: source === "raw" ? Number.MAX_SAFE_INTEGER : 0 });
}

/** [key, calls] of each group, in key order. */
async function callsBy(dimension: string, source: "raw" | "rollup") {
  const { groups } = (await report(dimension, source)).breakdown;
  return groups.map((g) => [g.key, g.calls] as const).sort(([a], [b]) => a.localeCompare(b));
}

async function exportCsv(dimension: string, locale: "en" | "zh-TW") {
  const res = await call(exportRoute.GET, { path: `/api/admin/api-usage/export?range=7d&dimension=${dimension}`, cookie: `${admin.cookie}; ${LOCALE_COOKIE}=${locale}` });
  expect(res.status).toBe(200);
  // Each line's cells, unquoted (no cell here holds a quote or a comma).
  return (res.body as string)
    .split("\r\n")
    .filter(Boolean)
    .map((line) => line.slice(1, -1).split('","'));
}

beforeAll(async () => {
  registerJobs();
  admin = await seedUser({ role: "admin" });
  owner = await seedUser({ role: "admin" });
  await uploadDocument({ user: owner.user, name: "垃圾清運.txt", bytes: new TextEncoder().encode(WASTE) });
  await drainJobs();
  assistantId = (await defaultAssistant(owner.user.id)).id;
  const created = await call(keysRoute.POST, { method: "POST", params: { id: assistantId }, cookie: owner.cookie, body: { name: "客服網站" } });
  expect(created.status).toBe(201);
  key = created.body;
  for (const question of ["資源回收是哪幾天？", "紙類怎麼放？"]) expect((await complete(question)).status).toBe(200);
  // The owner's own chat with the same assistant: its call counts under the assistant, not the key.
  const own = await call(messagesRoute.POST, { method: "POST", path: "/api/messages", cookie: owner.cookie, body: { content: "你好", assistantId } });
  expect(own.status).toBe(200);
});

describe("the usage report by assistant and by API key", () => {
  it("counts the key's calls under its assistant, the key and the owner, from the calls and the rollup alike", async () => {
    for (const source of ["raw", "rollup"] as const) {
      expect(await callsBy("assistant", source), source).toEqual([[assistantId, 3]]);
      expect(await callsBy("apiKey", source), source).toEqual([
        ["", 1],
        [key.id, 2],
      ]);
      expect(await callsBy("user", source), source).toEqual([[owner.user.id, 3]]);
    }
    const byRoute = (await report("route", "raw")).breakdown.groups.find((g) => g.key === "/api/v1/chat/completions");
    expect(byRoute?.calls).toBe(2);
  });

  it("names the assistant (its default name until the owner gives one) with its owner, and the key with its prefix", async () => {
    const res = await call(usageRoute.GET, { path: "/api/admin/api-usage?range=7d&dimension=assistant", cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.body.breakdown.groups).toEqual([expect.objectContaining({ key: assistantId, label: "", detail: owner.user.email, calls: 3, errors: 0 })]);
    const keys = await call(usageRoute.GET, { path: "/api/admin/api-usage?range=7d&dimension=apiKey&sort=calls&dir=desc", cookie: admin.cookie });
    expect(keys.body.breakdown.groups.map((g: { key: string; label: string | null; detail: string | null; calls: number }) => [g.key, g.label, g.detail, g.calls])).toEqual([
      [key.id, "客服網站", key.prefix, 2],
      ["", null, null, 1],
    ]);
  });

  it("exports the assistant and key breakdowns as CSV in both languages", async () => {
    const en = await exportCsv("assistant", "en");
    expect(en[0].slice(0, 4)).toEqual(["Assistant", "Owner's e-mail", "Assistant ID", "Calls"]);
    expect(en.slice(1).map((cells) => cells.slice(0, 5))).toEqual([["Document Assistant", owner.user.email, assistantId, "3", "0"]]);
    const zh = await exportCsv("assistant", "zh-TW");
    expect(zh[0].slice(0, 4)).toEqual(["助理", "擁有者電子郵件", "助理 ID", "呼叫次數"]);
    expect(zh.slice(1).map((cells) => cells.slice(0, 4))).toEqual([["文件助理", owner.user.email, assistantId, "3"]]);

    const keysEn = await exportCsv("apiKey", "en");
    expect(keysEn[0].slice(0, 3)).toEqual(["API key", "Key prefix", "Calls"]);
    expect(keysEn.slice(1).map((cells) => cells.slice(0, 3))).toEqual([
      ["客服網站", key.prefix, "2"],
      ["Not through an API key", "", "1"],
    ]);
    const keysZh = await exportCsv("apiKey", "zh-TW");
    expect(keysZh[0].slice(0, 3)).toEqual(["API 金鑰", "金鑰前綴", "呼叫次數"]);
    expect(keysZh[2].slice(0, 3)).toEqual(["非 API 金鑰呼叫", "", "1"]);
  });

  it("shows a named assistant by its name", async () => {
    const db = await getDb();
    await db.execute(sql`UPDATE assistants SET name = '垃圾客服' WHERE id = ${assistantId}`);
    const { groups } = (await report("assistant", "rollup")).breakdown;
    expect(groups.map((g) => [g.label, g.detail])).toEqual([["垃圾客服", owner.user.email]]);
    await db.execute(sql`UPDATE assistants SET name = NULL WHERE id = ${assistantId}`);
  });

  it("is what the migration that added these breakdowns fills in from the calls recorded before it", async () => {
    const db = await getDb();
    const rows = async () =>
      ((await db.execute(sql`SELECT * FROM api_usage_rollup WHERE dimension IN ('assistant', 'api_key') AND calls <> 0 ORDER BY grain, dimension, day, provider, model, key`)) as unknown as { rows: unknown[] }).rows;
    const kept = await rows();
    expect(kept.length).toBeGreaterThan(0);
    const migrations = path.join(import.meta.dirname, "../../lib/server/db/migrations");
    // Found by name: migrations are renumbered when branches merge. Its last statement fills the rollup.
    const file = readdirSync(migrations).find((f) => f.replace(/^\d{4}_/, "") === "usage_by_assistant.sql")!;
    const backfill = readFileSync(path.join(migrations, file), "utf8").split("--> statement-breakpoint").at(-1)!;
    await db.execute(sql`DELETE FROM api_usage_rollup WHERE dimension IN ('assistant', 'api_key')`);
    await db.execute(sql.raw(backfill));
    expect(await rows()).toEqual(kept);
  });

  it("moves a deleted key's calls to the calls without a key, in the rollup and in the calls alike", async () => {
    const db = await getDb();
    // Deleting the key sets api_usage.api_key_id to null; the rollup's trigger follows.
    await db.delete(apiKeys).where(eq(apiKeys.id, key.id));
    for (const source of ["raw", "rollup"] as const) {
      expect(await callsBy("apiKey", source), source).toEqual([["", 3]]);
      expect(await callsBy("assistant", source), source).toEqual([[assistantId, 3]]);
    }
  });
});
