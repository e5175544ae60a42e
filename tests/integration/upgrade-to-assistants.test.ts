import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as pgliteDrizzle } from "drizzle-orm/pglite";
import { migrate as pgliteMigrate } from "drizzle-orm/pglite/migrator";
import { drizzle as pgDrizzle } from "drizzle-orm/node-postgres";
import { migrate as pgMigrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as assistantsRoute from "@/app/api/assistants/route";
import * as specAssistantRoute from "@/app/api/assistant/route";
import * as messagesRoute from "@/app/api/messages/route";
import * as sharesRoute from "@/app/api/shared-assistants/route";
import * as shareRoute from "@/app/api/shared-assistants/[id]/route";
import * as shareMessagesRoute from "@/app/api/shared-assistants/[id]/messages/route";
import * as conversationsRoute from "@/app/api/shared-assistants/[id]/conversations/route";
import * as linkPreviewSettingsRoute from "@/app/api/link-preview-settings/route";
import { LOCALE_COOKIE } from "@/lib/constants";
import { encodeSession, SESSION_COOKIE } from "@/lib/server/auth/session";
import { getDatabase, openDatabase, setDatabase, type DatabaseHandle } from "@/lib/server/db/client";
import { migrationsFolder } from "@/lib/server/db/migrate";
import { resetAuthSecretCache } from "@/lib/server/auth/secret";
import { findUserByEmail } from "@/lib/server/queries/users";
import { resetRetrievalCache } from "@/lib/server/use-cases/retrieve-passages";
import { readyInitialQuestions } from "@/lib/server/use-cases/suggest-questions";
import { createScratchPostgres } from "@/scripts/scratch-postgres";
import { call } from "../support/http";
import { defaultOpening } from "../support/assistants";

// Upgrading loses nothing: a database written by the release before assistants (its migrations,
// then data its own code wrote: tests/fixtures/upgrade/before-assistants.sql) is migrated by this
// release, on the embedded database and, with TEST_DATABASE_URL, on PostgreSQL. Each owner's
// assistant becomes their default one with all their documents, and every share, setting and
// conversation is where it was.

const FIXTURE = readFileSync(path.join(import.meta.dirname, "../fixtures/upgrade/before-assistants.sql"), "utf8");
const LAST_MIGRATION_BEFORE = "0010_email_campaigns";

/** The migrations folder as the release before assistants shipped it. */
function migrationsBefore(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "docchat-migrations-before-"));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { idx: number; tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === LAST_MIGRATION_BEFORE);
  const later = journal.entries.slice(last + 1).map((e) => e.tag);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  for (const file of readdirSync(dir)) if (later.some((tag) => file.startsWith(tag))) rmSync(path.join(dir, file));
  return dir;
}

/** The old database, written, then opened by this release (which applies the new migrations). */
async function upgradedDatabase(): Promise<DatabaseHandle & { cleanUp: () => Promise<void> }> {
  const before = migrationsBefore();
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const scratch = await createScratchPostgres(serverUrl, "upgrade");
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    await pgMigrate(pgDrizzle(client), { migrationsFolder: before });
    await client.query(FIXTURE);
    await client.end();
    const handle = await openDatabase({ url: scratch.url });
    return { ...handle, cleanUp: async () => (await handle.close(), await scratch.drop(), rmSync(before, { recursive: true, force: true })) };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "docchat-upgrade-"));
  const old = new PGlite(path.join(dataDir, "pgdata"));
  await pgliteMigrate(pgliteDrizzle({ client: old }), { migrationsFolder: before });
  await old.exec(FIXTURE);
  await old.close();
  const handle = await openDatabase({ dataDir });
  return { ...handle, cleanUp: async () => (await handle.close(), rmSync(dataDir, { recursive: true, force: true }), rmSync(before, { recursive: true, force: true })) };
}

let upgraded: Awaited<ReturnType<typeof upgradedDatabase>>;
let previous: DatabaseHandle;

async function cookieOf(email: string, locale = "zh-TW") {
  const user = (await findUserByEmail(email))!;
  return { user, cookie: `${SESSION_COOKIE}=${await encodeSession(user)}; ${LOCALE_COOKIE}=${locale}` };
}

beforeAll(async () => {
  previous = await getDatabase();
  upgraded = await upgradedDatabase();
  setDatabase(upgraded);
  resetAuthSecretCache();
  resetRetrievalCache();
}, 120_000);

afterAll(async () => {
  setDatabase(previous);
  resetAuthSecretCache();
  resetRetrievalCache();
  await upgraded.cleanUp();
});

describe("upgrading a database of the release before assistants", () => {
  it("makes each owner's assistant their default one, with all their documents, its name, role prompt and link cards", async () => {
    const named = await cookieOf("named-owner@example.com");
    const [assistant, ...others] = (await call(assistantsRoute.GET, { cookie: named.cookie })).body.assistants;
    expect(others).toEqual([]);
    expect(assistant).toMatchObject({ name: "人資小幫手", rolePrompt: "你是人資部門的助理。", named: true, isDefault: true, knowledge: { all: true }, documentCount: 2, shareCount: 3 });
    expect((await call(specAssistantRoute.GET, { cookie: named.cookie })).body).toEqual({ name: "人資小幫手", rolePrompt: "你是人資部門的助理。" });
    expect((await call(linkPreviewSettingsRoute.GET, { cookie: named.cookie })).body).toEqual({ style: "compact", useCustomIcon: true, customIcon: "data:image/png;base64,iVBORw0KGgo=" });

    // One who never named theirs keeps the default name, in each reader's language.
    const unnamed = await cookieOf("unnamed-owner@example.com", "en");
    expect((await call(assistantsRoute.GET, { cookie: unnamed.cookie })).body.assistants).toEqual([expect.objectContaining({ name: "Document Assistant", named: false, documentCount: 1 })]);
  });

  it("keeps the opening questions made for the documents as they were", async () => {
    const named = await cookieOf("named-owner@example.com");
    const kept = await readyInitialQuestions(await defaultOpening(named.user.id, "zh-TW"));
    expect(kept?.length).toBeGreaterThan(0);
  });

  it("keeps each owner's conversation, now with their default assistant", async () => {
    const named = await cookieOf("named-owner@example.com");
    const conversation = (await call(messagesRoute.GET, { cookie: named.cookie })).body as { role: string; content: string }[];
    expect(conversation.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(conversation[0].content).toBe("特休假有幾天？");
    const unnamed = await cookieOf("unnamed-owner@example.com");
    expect((await call(messagesRoute.GET, { cookie: unnamed.cookie })).body.map((m: { content: string }) => m.content)[0]).toBe("什麼時候停電？");
  });

  it("attaches every share to it, keeping links, settings and conversations; a name that only repeated the assistant's now follows it", async () => {
    const named = await cookieOf("named-owner@example.com");
    const defaultId = (await call(assistantsRoute.GET, { cookie: named.cookie })).body.assistants[0].id;
    const shares = (await call(sharesRoute.GET, { cookie: named.cookie })).body as { shareId: string; assistantId: string; name: string; ownName: boolean; ownRolePrompt: boolean; includeDocuments: boolean; announcementEnabled: boolean; pinnedAnnouncement: string | null; embedOrigins: string[]; messageCount: number }[];
    expect(shares).toHaveLength(3);
    expect(new Set(shares.map((s) => s.assistantId))).toEqual(new Set([defaultId]));
    const byName = Object.fromEntries(shares.map((s) => [s.name, s]));
    expect(byName["人資小幫手"]).toMatchObject({ ownName: false, ownRolePrompt: false });
    expect(byName["門市客服"]).toMatchObject({ ownName: true, ownRolePrompt: true, announcementEnabled: true, pinnedAnnouncement: "週六公休", embedOrigins: ["https://shop.example"], messageCount: 1 });
    expect(byName["空白助理"]).toMatchObject({ ownName: true, includeDocuments: false });

    // The guest's conversation is still there for the owner, and the link answers from the documents.
    const own = byName["門市客服"].shareId;
    const conversations = (await call(conversationsRoute.GET, { cookie: named.cookie, params: { id: own }, path: `/api/shared-assistants/${own}/conversations` })).body;
    expect(JSON.stringify(conversations)).toContain("保固期間多久？");
    const reply = await call(shareMessagesRoute.POST, {
      method: "POST",
      params: { id: own },
      path: `/api/shared-assistants/${own}/messages`,
      body: { message: "特休假有幾天？", sessionId: "session_1800000000000_upgraded" },
      headers: { "x-client-ip": "100.64.7.7" },
    });
    expect(reply.body.aiMessage.sources.map((s: { documentName: string }) => s.documentName)).toEqual(["員工手冊.txt"]);
  });

  it("a revoked link stays ended; the default name frozen into a share at creation now follows the reader's language", async () => {
    const named = await cookieOf("named-owner@example.com");
    const shares = (await call(sharesRoute.GET, { cookie: named.cookie })).body as { name: string }[];
    expect(shares.map((s) => s.name)).not.toContain("已撤銷");
    const unnamed = await cookieOf("unnamed-owner@example.com", "en");
    const [share] = (await call(sharesRoute.GET, { cookie: unnamed.cookie })).body as { shareId: string; ownName: boolean; ownRolePrompt: boolean }[];
    expect(share).toMatchObject({ ownName: false, ownRolePrompt: false });
    expect((await call(shareRoute.GET, { params: { id: share.shareId }, cookie: `${LOCALE_COOKIE}=en` })).body.name).toBe("Document Assistant");
    expect((await call(shareRoute.GET, { params: { id: share.shareId } })).body.name).toBe("文件助理");
  });

  it("gives an account without any workspace data no assistant until it is needed", async () => {
    const reader = await cookieOf("reader@example.com");
    const db = (await getDatabase()).db;
    const rows = await db.execute(`select count(*)::int as n from assistants where owner_id = '${reader.user.id}'`);
    expect(Number((rows as unknown as { rows: { n: number }[] }).rows[0].n)).toBe(0);
  });
});
