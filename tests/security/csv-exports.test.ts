import { describe, expect, it } from "vitest";
import * as exportRoute from "@/app/api/admin/api-usage/export/route";
import { getDb } from "@/lib/server/db/client";
import { apiUsage } from "@/lib/server/db/schema";
import { csvRow } from "@/lib/server/export/conversation-rows";
import { call, seedUser } from "../support/http";

// docs/rules/security.md#rendering: a name or a message written to be a formula stays text in every
// CSV the product writes, in a comma or a semicolon locale alike: every cell quoted (RFC 4180), and
// a cell that would start a formula prefixed with an apostrophe.

const QUOTED_RECORD = /^"(?:[^"]|"")*"(?:,"(?:[^"]|"")*")*$/;

/** The cells of one record as a spreadsheet in a semicolon locale splits them: separators inside quotes are text. */
function splitOn(separator: string, record: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (const ch of record) {
    if (ch === '"') quoted = !quoted;
    else if (ch === separator && !quoted) {
      cells.push(cell);
      cell = "";
    } else cell += ch;
  }
  return [...cells, cell];
}

describe("CSV exports", () => {
  it("the usage report quotes every cell, so a name like x;=1+1; is one text cell in a semicolon locale", async () => {
    const admin = await seedUser({ role: "admin" });
    const names = ["x;=1+1;", "-2+3", "＝1+1", "@SUM(A1)"];
    const db = await getDb();
    for (const displayName of names) {
      const { user } = await seedUser();
      const { users } = await import("@/lib/server/db/schema");
      const { eq } = await import("drizzle-orm");
      await db.update(users).set({ displayName }).where(eq(users.id, user.id));
      await db.insert(apiUsage).values({ provider: "offline", model: "docchat-offline-1", route: "/api/messages", userId: user.id, latencyMs: 10, outcome: "ok", createdAt: new Date("2026-04-02T06:00:00Z") });
    }
    const res = await call(exportRoute.GET, { path: "/api/admin/api-usage/export?range=custom&from=2026-04-02&to=2026-04-02&dimension=user", cookie: admin.cookie });
    expect(res.status).toBe(200);
    const records = (res.body as string).split("\r\n").filter(Boolean);
    expect(records.length).toBe(names.length + 1);
    for (const record of records) expect(record).toMatch(QUOTED_RECORD);
    // In a semicolon locale no ";" falls outside quotes: nothing splits a name into a formula cell.
    for (const record of records.slice(1)) expect(splitOn(";", record)).toHaveLength(1);
    const labels = records.slice(1).map((r) => splitOn(",", r)[0]);
    expect(labels.sort()).toEqual(["'-2+3", "'@SUM(A1)", "'＝1+1", "x;=1+1;"].sort());
  });

  it("a share's conversation export writes its cells the same way", () => {
    const line = csvRow({ conversationId: "c1", visitor: "guest", visitorName: "x;=1+1;", messageId: "m1", createdAt: "2026-04-02T06:00:00Z", role: "user", content: '+cmd|"/c calc"!A0', imageFileName: "", isError: false });
    expect(line.endsWith("\r\n")).toBe(true);
    expect(line.trimEnd()).toMatch(QUOTED_RECORD);
    expect(splitOn(",", line.trimEnd())).toEqual(["c1", "guest", "x;=1+1;", "m1", "2026-04-02T06:00:00Z", "user", `'+cmd|/c calc!A0`, "", "false"]);
  });
});
