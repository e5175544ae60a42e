import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as assistant from "@/app/api/assistant/route";
import * as shares from "@/app/api/shared-assistants/route";
import * as share from "@/app/api/shared-assistants/[id]/route";
import * as rotate from "@/app/api/shared-assistants/[id]/rotate/route";
import * as quickLink from "@/app/api/assistant/share-link/route";
import * as assistantsRoute from "@/app/api/assistants/route";
import { LOCALE_COOKIE } from "@/lib/constants";
import { env } from "@/lib/env";
import { getDb } from "@/lib/server/db/client";
import { createShare, findActiveShare } from "@/lib/server/queries/shared-assistants";
import { call, seedUser } from "../support/http";

async function create(cookie: string, body: Record<string, unknown> = { name: "稅務小幫手", rolePrompt: "你是稅務顧問。", includeDocuments: true }) {
  return call(shares.POST, { method: "POST", path: "/api/shared-assistants", cookie, body });
}

const pressShareButton = (cookie: string) => call(quickLink.POST, { method: "POST", path: "/api/assistant/share-link", cookie });

const visit = (shareId: string, cookie?: string) => call(share.GET, { path: `/api/shared-assistants/${shareId}`, params: { id: shareId }, cookie });

describe("POST /api/shared-assistants", () => {
  it("creates a share with an unguessable id and answers its public link", async () => {
    const { cookie } = await seedUser({ role: "admin" });
    const res = await create(cookie);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: "稅務小幫手", rolePrompt: "你是稅務顧問。", includeDocuments: true, accessMode: "open", isPublicMode: false, messageCount: 0 });
    expect(res.body.shareId).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(res.body.shareUrl).toBe(`${env.APP_URL}/shared/${res.body.shareId}`);
    const second = await create(cookie);
    expect(second.body.shareId).not.toBe(res.body.shareId);
  });

  it("validates the name and role prompt like the assistant's, and refuses unknown fields", async () => {
    const { cookie } = await seedUser({ role: "admin" });
    for (const body of [{ name: "", rolePrompt: "x" }, { name: "名".repeat(51), rolePrompt: "x" }, { name: "ok", rolePrompt: "x".repeat(4_001) }, { name: "ok", rolePrompt: "x", ownerId: "someone" }]) {
      expect((await create(cookie, body)).status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
  });
});

describe("GET /api/shared-assistants/{shareId}", () => {
  it("tells anyone what they need to open the assistant; the pinned announcement only its owner", async () => {
    const owner = await seedUser({ role: "admin" });
    const { body: created } = await create(owner.cookie);
    await call(share.PATCH, { method: "PATCH", cookie: owner.cookie, params: { id: created.shareId }, body: { announcementEnabled: true, pinnedAnnouncement: "本週五停止服務" } });
    const anonymous = await visit(created.shareId);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toEqual({ id: created.id, name: "稅務小幫手", shareId: created.shareId, accessMode: "open", isPublicMode: false, announcementEnabled: false, pinnedAnnouncement: null, isOwner: false });
    expect(anonymous.body).not.toHaveProperty("rolePrompt");
    const other = await seedUser();
    expect((await visit(created.shareId, other.cookie)).body.pinnedAnnouncement).toBeNull();
    expect((await visit(created.shareId, owner.cookie)).body).toMatchObject({ announcementEnabled: true, pinnedAnnouncement: "本週五停止服務", isOwner: true });
  });

  it("answers 404 with the product's message for an unknown link", async () => {
    const res = await visit("nonexistent00");
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe("找不到此共享助手，請確認連結是否正確");
  });
});

describe("GET /api/shared-assistants", () => {
  it("lists the caller's live shares only, with message counts", async () => {
    const a = await seedUser({ role: "admin" });
    const b = await seedUser({ role: "admin" });
    await create(a.cookie, { name: "A1", rolePrompt: "", includeDocuments: true });
    await create(a.cookie, { name: "A2", rolePrompt: "", includeDocuments: false });
    await create(b.cookie, { name: "B1", rolePrompt: "", includeDocuments: true });
    const listed = await call(shares.GET, { cookie: a.cookie });
    expect(listed.body.map((s: { name: string }) => s.name).sort()).toEqual(["A1", "A2"]);
    expect(listed.body.every((s: { messageCount: number }) => s.messageCount === 0)).toBe(true);
  });
});

/** Runs with Google sign-in set up on the server (the tests' environment has none). */
async function withGoogle<T>(work: () => Promise<T>): Promise<T> {
  const saved = env.googleEnabled;
  env.googleEnabled = true;
  try {
    return await work();
  } finally {
    env.googleEnabled = saved;
  }
}

describe("PATCH /api/shared-assistants/{shareId}", () => {
  it("changes name, role, public mode, access mode and announcement for the owner only", async () => {
    const owner = await seedUser({ role: "admin" });
    const { body: created } = await create(owner.cookie);
    const changes = { name: "新名字", rolePrompt: "新角色", isPublicMode: true, accessMode: "google_required", announcementEnabled: true, pinnedAnnouncement: "公告" };
    const res = await withGoogle(() => call(share.PATCH, { method: "PATCH", cookie: owner.cookie, params: { id: created.shareId }, body: changes }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject(changes);
    expect((await call(share.PATCH, { method: "PATCH", cookie: owner.cookie, params: { id: created.shareId }, body: { accessMode: "everyone" } })).status).toBe(400);

    const intruder = await seedUser({ role: "admin" });
    const denied = await call(share.PATCH, { method: "PATCH", cookie: intruder.cookie, params: { id: created.shareId }, body: { name: "偷改" } });
    expect(denied.status).toBe(404);
    expect((await visit(created.shareId)).body.name).toBe("新名字");
  });

  it("refuses google_required with a field error in the owner's language while Google sign-in is not set up, changing nothing", async () => {
    const owner = await seedUser({ role: "admin" });
    const { body: created } = await create(owner.cookie);
    const patch = (cookie: string, body: Record<string, unknown>) => call(share.PATCH, { method: "PATCH", cookie, params: { id: created.shareId }, body });
    const refused = await patch(owner.cookie, { name: "改名", accessMode: "google_required" });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe("validation");
    expect(refused.body.error.details).toEqual([expect.objectContaining({ path: "accessMode", message: "validation.googleSignInUnavailable" })]);
    expect((await visit(created.shareId)).body).toMatchObject({ name: "稅務小幫手", accessMode: "open" });
    // Another owner's share still answers 404, whatever the body asks.
    const intruder = await seedUser({ role: "admin" });
    expect((await patch(intruder.cookie, { accessMode: "google_required" })).status).toBe(404);

    // A share that already has the mode (set while Google was configured) can still be renamed, and switched back.
    await withGoogle(() => patch(owner.cookie, { accessMode: "google_required" }));
    const renamed = await patch(owner.cookie, { name: "新名字", accessMode: "google_required" });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "新名字", accessMode: "google_required" });
    expect((await patch(owner.cookie, { accessMode: "open" })).body.accessMode).toBe("open");
    expect((await patch(owner.cookie, { accessMode: "google_required" })).status).toBe(400);
  });
});

describe("DELETE /api/shared-assistants/{shareId} and POST …/rotate", () => {
  it("revoking answers 404 at once; another owner cannot revoke", async () => {
    const owner = await seedUser({ role: "admin" });
    const { body: created } = await create(owner.cookie);
    const intruder = await seedUser({ role: "admin" });
    expect((await call(share.DELETE, { method: "DELETE", cookie: intruder.cookie, params: { id: created.shareId } })).status).toBe(404);
    expect((await visit(created.shareId)).status).toBe(200);
    expect((await call(share.DELETE, { method: "DELETE", cookie: owner.cookie, params: { id: created.shareId } })).status).toBe(200);
    expect((await visit(created.shareId)).status).toBe(404);
    expect((await call(shares.GET, { cookie: owner.cookie })).body).toEqual([]);
    expect((await call(share.DELETE, { method: "DELETE", cookie: owner.cookie, params: { id: created.shareId } })).status).toBe(404);
  });

  it("replacing the link keeps the share under a new id; the old link is dead", async () => {
    const owner = await seedUser({ role: "admin" });
    const { body: created } = await create(owner.cookie);
    const rotated = await call(rotate.POST, { method: "POST", cookie: owner.cookie, params: { id: created.shareId } });
    expect(rotated.status).toBe(200);
    expect(rotated.body.id).toBe(created.id);
    expect(rotated.body.shareId).not.toBe(created.shareId);
    expect((await visit(created.shareId)).status).toBe(404);
    expect((await visit(rotated.body.shareId)).body.name).toBe("稅務小幫手");
    const intruder = await seedUser({ role: "admin" });
    expect((await call(rotate.POST, { method: "POST", cookie: intruder.cookie, params: { id: rotated.body.shareId } })).status).toBe(404);
  });
});

describe("POST /api/assistant/share-link", () => {
  it("the share button's first press shares the assistant, following it; every later press gives the same link back, and nothing new is made", async () => {
    const owner = await seedUser({ role: "admin" });
    await call(assistant.POST, { method: "POST", cookie: owner.cookie, body: { name: "清運小幫手", rolePrompt: "你是環保局客服。" } });
    const first = await pressShareButton(owner.cookie);
    expect(first.status).toBe(201);
    expect(first.body.created).toBe(true);
    expect(first.body.share).toMatchObject({ name: "清運小幫手", rolePrompt: "你是環保局客服。", includeDocuments: true, quickLink: true });
    expect(first.body.share.shareUrl).toBe(`${env.APP_URL}/shared/${first.body.share.shareId}`);
    expect((await visit(first.body.share.shareId)).status).toBe(200);

    // Renamed since: the button hands out the same link, which follows the assistant (its name as it is now).
    await call(assistant.POST, { method: "POST", cookie: owner.cookie, body: { name: "新名字", rolePrompt: "" } });
    for (let press = 0; press < 3; press++) {
      const again = await pressShareButton(owner.cookie);
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ created: false, share: { id: first.body.share.id, shareId: first.body.share.shareId, name: "新名字", ownName: false } });
    }
    expect((await call(shares.GET, { cookie: owner.cookie })).body).toHaveLength(1);

    // POST /api/shared-assistants still makes another link every time, none of them the button's.
    const made = await create(owner.cookie, { name: "另一個", rolePrompt: "", includeDocuments: true });
    expect(made.status).toBe(201);
    expect(made.body.quickLink).toBe(false);
    const listed = (await call(shares.GET, { cookie: owner.cookie })).body as { shareId: string; quickLink: boolean }[];
    expect(listed.map((s) => [s.shareId, s.quickLink])).toEqual([
      [made.body.shareId, false],
      [first.body.share.shareId, true],
    ]);
    expect((await pressShareButton(owner.cookie)).body.share.shareId).toBe(first.body.share.shareId);
  });

  it("is each assistant's own: another assistant's button makes another link, which answers as that assistant", async () => {
    const owner = await seedUser({ role: "admin" });
    const second = (await call(assistantsRoute.POST, { method: "POST", cookie: owner.cookie, body: { name: "第二個助理" } })).body;
    const mine = (await pressShareButton(owner.cookie)).body.share;
    const theirs = await call(quickLink.POST, { method: "POST", path: `/api/assistant/share-link?assistantId=${second.id}`, cookie: owner.cookie });
    expect(theirs.status).toBe(201);
    expect(theirs.body.share).toMatchObject({ assistantId: second.id, name: "第二個助理", quickLink: true });
    expect(theirs.body.share.shareId).not.toBe(mine.shareId);
    const again = await call(quickLink.POST, { method: "POST", path: `/api/assistant/share-link?assistantId=${second.id}`, cookie: owner.cookie });
    expect(again.body).toMatchObject({ created: false, share: { shareId: theirs.body.share.shareId } });
    expect((await visit(theirs.body.share.shareId)).body.name).toBe("第二個助理");
  });

  it("presses at once (two tabs) make one link", async () => {
    const owner = await seedUser({ role: "admin" });
    const answers = await Promise.all(Array.from({ length: 5 }, () => pressShareButton(owner.cookie)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.share.shareId)).size).toBe(1);
    expect((await call(shares.GET, { cookie: owner.cookie })).body).toHaveLength(1);
  });

  it("follows the link when it is replaced, and makes a new one once it is revoked", async () => {
    const owner = await seedUser({ role: "admin" });
    const first = (await pressShareButton(owner.cookie)).body.share;
    const rotated = await call(rotate.POST, { method: "POST", cookie: owner.cookie, params: { id: first.shareId } });
    expect(rotated.body.quickLink).toBe(true);
    expect((await pressShareButton(owner.cookie)).body).toMatchObject({ created: false, share: { id: first.id, shareId: rotated.body.shareId } });

    await call(share.DELETE, { method: "DELETE", cookie: owner.cookie, params: { id: rotated.body.shareId } });
    const fresh = await pressShareButton(owner.cookie);
    expect(fresh.status).toBe(201);
    expect(fresh.body.share.id).not.toBe(first.id);
    expect((await visit(fresh.body.share.shareId)).status).toBe(200);
  });

  it("is each owner's own; an unnamed assistant is shared under the default name in the owner's language", async () => {
    const a = await seedUser({ role: "admin" });
    const b = await seedUser({ role: "admin" });
    const mine = await pressShareButton(a.cookie);
    const theirs = await call(quickLink.POST, { method: "POST", path: "/api/assistant/share-link", cookie: `${b.cookie}; ${LOCALE_COOKIE}=en` });
    expect(theirs.status).toBe(201);
    expect(theirs.body.share.shareId).not.toBe(mine.body.share.shareId);
    expect(mine.body.share.name).toBe("文件助理");
    expect(theirs.body.share.name).toBe("Document Assistant");
  });

  it("is for people with a workspace, and only from the site itself", async () => {
    expect((await call(quickLink.POST, { method: "POST", path: "/api/assistant/share-link" })).status).toBe(401);
    const user = await seedUser();
    expect((await pressShareButton(user.cookie)).status).toBe(403);
    const owner = await seedUser({ role: "admin" });
    expect((await call(quickLink.POST, { method: "POST", path: "/api/assistant/share-link", cookie: owner.cookie, headers: { origin: "https://evil.example" } })).status).toBe(403);
    expect((await call(shares.GET, { cookie: owner.cookie })).body).toEqual([]);
  });
});

// The default assistant speaks each reader's language; nothing may freeze its words in the
// language of whoever saved them (a share made on the Chinese screen greeted English visitors as 文件助理).
describe("the default assistant's name and role prompt", () => {
  const EN = "NEXT_LOCALE=en";
  const en = (cookie?: string) => (cookie ? `${cookie}; ${EN}` : EN);

  it("a share made from the default assistant greets each visitor, and shows its owner, the default in their language", async () => {
    const owner = await seedUser({ role: "admin" });
    // What the chat's share button sends: the assistant as GET /api/assistant gives it.
    const { body: profile } = await call(assistant.GET, { cookie: owner.cookie });
    expect(profile.name).toBe("文件助理");
    const { body: created } = await create(owner.cookie, { name: profile.name, rolePrompt: profile.rolePrompt, includeDocuments: true });
    expect(created.name).toBe("文件助理");
    expect((await visit(created.shareId)).body.name).toBe("文件助理");
    expect((await call(share.GET, { params: { id: created.shareId }, headers: { cookie: en() } })).body.name).toBe("Document Assistant");
    const [listed] = (await call(shares.GET, { cookie: en(owner.cookie) })).body;
    expect(listed).toMatchObject({ name: "Document Assistant", rolePrompt: expect.stringMatching(/^You are a friendly, professional document assistant/) });
    expect(await findActiveShare(created.shareId)).toMatchObject({ name: null, rolePrompt: null });
  });

  it("an owner's own name stays theirs in every language; saving the default's words, in either language, keeps the default", async () => {
    const owner = await seedUser({ role: "admin" });
    const { body: named } = await create(owner.cookie, { name: "稅務小幫手", rolePrompt: "你是稅務顧問。", includeDocuments: true });
    expect((await call(share.GET, { params: { id: named.shareId }, headers: { cookie: en() } })).body.name).toBe("稅務小幫手");
    await call(share.PATCH, { method: "PATCH", cookie: owner.cookie, params: { id: named.shareId }, body: { name: "Document Assistant" } });
    expect((await visit(named.shareId)).body.name).toBe("文件助理");
    expect((await findActiveShare(named.shareId))?.rolePrompt).toBe("你是稅務顧問。");
  });

  it("the assistant's settings, saved with the default name shown in the dialog, keep the default name", async () => {
    const owner = await seedUser({ role: "admin" });
    const saved = await call(assistant.POST, { method: "POST", cookie: owner.cookie, body: { name: "文件助理", rolePrompt: "請用條列回答。" } });
    expect(saved.status).toBe(200);
    expect((await call(assistant.GET, { cookie: en(owner.cookie) })).body).toEqual({ name: "Document Assistant", rolePrompt: "請用條列回答。" });
    expect((await call(assistant.GET, { cookie: owner.cookie })).body.name).toBe("文件助理");
  });

  it("migration 0011 turns the default's words that earlier versions stored back into the default", async () => {
    const owner = await seedUser({ role: "admin" });
    // As an earlier version stored a share of the unnamed assistant made on the Chinese screen.
    const frozen = await createShare({ ownerId: owner.user.id, name: "文件助理", rolePrompt: "你是一位親切、專業的文件助理。請根據使用者上傳的文件內容回答問題，引用文件原文並註明出處；文件中沒有的內容請直接說明。", includeDocuments: true });
    const kept = await createShare({ ownerId: owner.user.id, name: "文件助理小幫手", rolePrompt: "", includeDocuments: true });
    const migration = readFileSync(path.join(import.meta.dirname, "../../lib/server/db/migrations/0011_share_links_and_defaults.sql"), "utf8");
    const db = await getDb();
    for (const statement of migration.split("--> statement-breakpoint").filter((s) => /^\s*(--[^\n]*\n\s*)*UPDATE/.test(s))) await db.execute(sql.raw(statement));
    expect((await call(share.GET, { params: { id: frozen.shareId }, headers: { cookie: en() } })).body.name).toBe("Document Assistant");
    expect(await findActiveShare(frozen.shareId)).toMatchObject({ name: null, rolePrompt: null });
    expect(await findActiveShare(kept.shareId)).toMatchObject({ name: "文件助理小幫手", rolePrompt: "" });
  });
});
