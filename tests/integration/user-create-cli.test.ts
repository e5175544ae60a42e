import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/lib/server/db/client";
import { users } from "@/lib/server/db/schema";
import { effectivePlan } from "@/lib/server/policies/effective-plan";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
const dataDir = mkdtempSync(path.join(tmpdir(), "docchat-cli-"));

// The real command, on its own embedded database, as an operator would run it.
async function userCreate(args: string[], dir = dataDir) {
  try {
    const { stdout, stderr } = await run(
      path.join(root, "node_modules/.bin/tsx"),
      ["--conditions=react-server", "scripts/user-create.ts", ...args],
      { cwd: root, env: { ...process.env, DATA_DIR: dir, DATABASE_URL: "", LOG_LEVEL: "silent" }, timeout: 60_000 },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("npm run user:create", () => {
  it("creates an admin with a generated password, then changes the role of the same user", async () => {
    const created = await userCreate(["--email", "Ops@Example.com", "--role", "admin"]);
    expect(created.code).toBe(0);
    expect(created.stdout).toContain("Created ops@example.com with role admin.");
    expect(created.stdout).toMatch(/Password: \S{12,}/);

    const second = await userCreate(["--email", "second@example.com", "--role", "admin", "--password", "second-pass-1"]);
    expect(second.code).toBe(0);
    const demoted = await userCreate(["--email", "ops@example.com", "--role", "manager"]);
    expect(demoted.code).toBe(0);
    expect(demoted.stdout).toContain("Updated ops@example.com: role manager");
  }, 120_000);

  it("--plan supporter grants an open-ended supporter plan, replacing a grant that has ended", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "docchat-cli-"));
    const created = await userCreate(["--email", "fan@example.com", "--password", "fan-password-1", "--plan", "supporter"], dir);
    expect(created.code).toBe(0);
    // Between runs the test opens the same embedded database, as the command would.
    const read = async (change?: Partial<typeof users.$inferInsert>) => {
      const handle = await openDatabase({ dataDir: dir });
      try {
        if (change) await handle.db.update(users).set(change).where(eq(users.email, "fan@example.com"));
        const [row] = await handle.db.select().from(users).where(eq(users.email, "fan@example.com"));
        return row;
      } finally {
        await handle.close();
      }
    };
    const fresh = await read();
    expect(fresh).toMatchObject({ plan: "supporter", supporterUntil: null });
    expect(effectivePlan(fresh).kind).toBe("supporter");

    const ended = await read({ supporterUntil: new Date(Date.now() - 1) });
    expect(effectivePlan(ended).kind).toBe("free");
    const again = await userCreate(["--email", "fan@example.com", "--plan", "supporter"], dir);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("Updated fan@example.com: role user, plan supporter.");
    const renewed = await read();
    expect(renewed).toMatchObject({ plan: "supporter", supporterUntil: null });
    expect(effectivePlan(renewed).kind).toBe("supporter");
    rmSync(dir, { recursive: true, force: true });
  }, 180_000);

  it("refuses bad arguments without touching the database", async () => {
    expect((await userCreate(["--email", "not-an-email"])).stderr).toContain("--email must be a valid e-mail address");
    expect((await userCreate(["--email", "a@example.com", "--role", "owner"])).stderr).toContain("--role must be one of admin, manager, user");
    expect((await userCreate(["--email", "a@example.com", "--password", "short"])).code).not.toBe(0);
  }, 60_000);

  it("never leaves the product without an admin", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "docchat-cli-"));
    await userCreate(["--email", "only@example.com", "--role", "admin", "--password", "only-admin-1"], dir);
    const res = await userCreate(["--email", "only@example.com", "--role", "user"], dir);
    expect(res.code).not.toBe(0);
    expect(res.stderr).toContain("that would leave no active admin");
    rmSync(dir, { recursive: true, force: true });
  }, 120_000);

  it("refuses an embedded database that a running process holds", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "docchat-cli-"));
    // The test runner itself is a live process: pretend it owns the database.
    writeFileSync(path.join(dir, "pglite.lock"), String(process.pid));
    const res = await userCreate(["--email", "x@example.com"], dir);
    expect(res.code).not.toBe(0);
    expect(res.stderr).toContain(`is in use by process ${process.pid}`);
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);
});
