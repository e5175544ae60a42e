import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RAW_TEXT_OPTIONS, startPgliteThread, type PgliteClient } from "@/lib/server/db/pglite-thread";

// The embedded database on its own thread behaves as PGlite in-process would: results, errors
// with their PostgreSQL codes, transactions that commit or roll back, and isolation meanwhile.

/** Runs `fn` with a new empty directory, removed afterwards. */
async function inTempDir(fn: (dir: string) => Promise<void>) {
  const dir = mkdtempSync(path.join(tmpdir(), "docchat-pglite-"));
  try {
    await fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let db: PgliteClient;
beforeAll(async () => {
  db = await startPgliteThread(null);
  await db.exec("CREATE TABLE t (id int PRIMARY KEY, note text, at timestamptz DEFAULT now(), data jsonb, raw bytea)");
});
afterAll(() => db.close());

describe("the PGlite thread", () => {
  it("returns rows in object and array mode, leaving the raw types as text", async () => {
    await db.query("INSERT INTO t (id, note, data, raw) VALUES ($1, $2, $3, $4)", [1, "一", JSON.stringify({ a: [1, 2] }), new Uint8Array([1, 2, 3])]);
    const objects = await db.query("SELECT id, note, data, raw FROM t WHERE id = $1", [1]);
    expect(objects.rows).toEqual([{ id: 1, note: "一", data: { a: [1, 2] }, raw: new Uint8Array([1, 2, 3]) }]);
    const arrays = await db.query("SELECT id, at FROM t", [], { rowMode: "array", parsers: { 1184: (v: string) => v } });
    expect(typeof (arrays.rows[0] as unknown[])[1]).toBe("string");
  });

  it("parses dates unless the query asks for them as text, arrays of them too (drizzle asks on every query)", async () => {
    const sql = "SELECT at, ARRAY[at, at] AS ats, date '2026-11-22' AS day, interval '1 day' AS span FROM t WHERE id = 1";
    const parsed = (await db.query(sql)).rows[0] as Record<string, unknown>;
    expect(parsed.at).toBeInstanceOf(Date);
    expect(parsed.ats).toEqual([parsed.at, parsed.at]);
    expect(parsed.day).toBeInstanceOf(Date);
    const text = (await db.query(sql, [], RAW_TEXT_OPTIONS)).rows[0] as Record<string, unknown>;
    expect(text.at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
    expect(new Date(text.at as string).getTime()).toBe((parsed.at as Date).getTime());
    expect(text.ats).toMatch(/^\{"\d{4}-/);
    expect(text.day).toBe("2026-11-22");
    expect(text.span).toBe("1 day");
    // Only some of them as text: the others parsed.
    const mixed = (await db.query(sql, [], { parsers: { 1082: (v: string) => v } })).rows[0] as Record<string, unknown>;
    expect(mixed.day).toBe("2026-11-22");
    expect(mixed.at).toBeInstanceOf(Date);
  });

  it("passes errors through with their code", async () => {
    const error = await db.query("INSERT INTO t (id) VALUES (1)").catch((e: unknown) => e as { code?: string; message: string });
    expect(error).toMatchObject({ code: "23505" });
  });

  it("commits a transaction, rolls one back on an error, and keeps other queries out meanwhile", async () => {
    await db.transaction(async (tx) => {
      await tx.query("INSERT INTO t (id, note) VALUES (2, 'kept')");
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO t (id, note) VALUES (3, 'dropped')");
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    const ids = (await db.query("SELECT id FROM t ORDER BY id")).rows.map((r) => (r as { id: number }).id);
    expect(ids).toEqual([1, 2]);

    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const tx = db.transaction(async (t) => {
      await t.query("INSERT INTO t (id, note) VALUES (4, 'in tx')");
      order.push("tx wrote");
      await held;
      order.push("tx ends");
    });
    await new Promise((r) => setTimeout(r, 50));
    const outside = db.query("SELECT count(*)::int AS n FROM t").then((r) => {
      order.push("outside read");
      return (r.rows[0] as { n: number }).n;
    });
    await new Promise((r) => setTimeout(r, 50));
    release();
    await tx;
    // The outside read waited for the transaction and saw its row.
    expect(await outside).toBe(3);
    expect(order).toEqual(["tx wrote", "tx ends", "outside read"]);
  });

  it("creates a database in a new directory (in a process of its own) and opens it again with its data", () =>
    inTempDir(async (dir) => {
      const dataDir = path.join(dir, "pgdata");
      const first = await startPgliteThread(dataDir);
      expect(existsSync(path.join(dataDir, "PG_VERSION"))).toBe(true);
      await first.exec("CREATE TABLE kept (note text)");
      await first.query("INSERT INTO kept VALUES ($1)", ["還在"]);
      await first.close();
      const again = await startPgliteThread(dataDir);
      expect((await again.query("SELECT note FROM kept")).rows).toEqual([{ note: "還在" }]);
      await again.close();
    }), 60_000);

  it("says where and why when the database cannot be created", () =>
    inTempDir(async (dir) => {
      const notADirectory = path.join(dir, "file");
      writeFileSync(notADirectory, "");
      await expect(startPgliteThread(path.join(notADirectory, "pgdata"))).rejects.toThrow(/creating the embedded database in .*file\/pgdata failed/);
    }), 60_000);

  it("will not start a second creation of a database another process is still creating; a stale mark is ignored", () =>
    inTempDir(async (dir) => {
      const dataDir = path.join(dir, "pgdata");
      // A live process holds the mark (this one stands in for an initdb left by a killed server).
      writeFileSync(`${dataDir}.creating`, String(process.pid));
      await expect(startPgliteThread(dataDir)).rejects.toThrow(`still being created by process ${process.pid}`);
      expect(existsSync(path.join(dataDir, "PG_VERSION"))).toBe(false);
      // Its creator gone: the database is created, and the mark removed.
      writeFileSync(`${dataDir}.creating`, "2147483646");
      const db = await startPgliteThread(dataDir);
      expect((await db.query("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
      expect(existsSync(`${dataDir}.creating`)).toBe(false);
      await db.close();
    }), 60_000);
});
