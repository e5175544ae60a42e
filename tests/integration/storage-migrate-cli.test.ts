import { execFile } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readAll } from "@/lib/server/storage/object-store";
import { S3ObjectStore } from "@/lib/server/storage/s3-object-store";
import { startS3Server, type TestS3Server } from "../support/s3-server";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");

let s3: TestS3Server;
let bucket: S3ObjectStore;
let dataDir: string;

beforeAll(async () => {
  s3 = await startS3Server("migrate-target");
  bucket = new S3ObjectStore(s3.config());
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "docchat-migrate-"));
});

afterAll(async () => {
  bucket?.destroy();
  await s3?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

// The real command, as an operator would run it.
async function migrate(args: string[], extraEnv: Record<string, string> = s3.env()) {
  try {
    const { stdout, stderr } = await run(path.join(root, "node_modules/.bin/tsx"), ["--conditions=react-server", "scripts/storage-migrate.ts", ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent", S3_BUCKET: "", ...extraEnv },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

async function writeLocal(key: string, bytes: Buffer) {
  const file = path.join(dataDir, "files", key);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, bytes);
  return file;
}

describe("npm run storage:migrate", () => {
  it("refuses to run without S3_BUCKET, saying what to set", async () => {
    const result = await migrate([], {});
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("set S3_BUCKET");
  });

  it("moves DATA_DIR/files into the bucket under the same keys, skips what is there on a second run, and can delete the local copies", async () => {
    const owner = randomUUID();
    const files = new Map<string, Buffer>([
      [`${owner}/${randomUUID()}`, randomBytes(300_000)],
      [`${owner}/${randomUUID()}`, Buffer.from("第二份文件")],
      [`${randomUUID()}/${randomUUID()}`, randomBytes(7 * 1024 * 1024)],
    ]);
    for (const [key, bytes] of files) await writeLocal(key, bytes);
    // A crashed write's temporary file is not a document and is not copied.
    await writeLocal(`${owner}/${randomUUID()}.1.2.part`, Buffer.from("half"));

    const dry = await migrate(["--dry-run"]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain("3 copied");
    for (const key of files.keys()) expect(await bucket.exists(key)).toBe(false);

    const first = await migrate([]);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain("3 copied");
    for (const [key, bytes] of files) expect((await readAll(await bucket.stream(key))).equals(bytes)).toBe(true);
    let listed = 0;
    for await (const object of bucket.list()) if (object.key.endsWith(".part")) listed++;
    expect(listed).toBe(0);

    const again = await migrate(["--delete-local"]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("0 copied");
    expect(again.stdout).toContain("3 already there");
    for (const key of files.keys()) await expect(fs.access(path.join(dataDir, "files", key))).rejects.toThrow();
    for (const key of files.keys()) expect(await bucket.exists(key)).toBe(true);
  }, 120_000);

  it("stops before copying anything when the bucket cannot be used", async () => {
    const result = await migrate([], { ...s3.env(), S3_BUCKET: "no-such-bucket" });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("the bucket no-such-bucket cannot be used");
  });
});
