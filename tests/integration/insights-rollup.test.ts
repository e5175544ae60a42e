import { describe, expect, it } from "vitest";
import { sql, type SQL } from "drizzle-orm";
import { getDb } from "@/lib/server/db/client";
import { calendarDay } from "@/lib/checkin-streak";
import { resolveUsageRange } from "@/lib/usage-report";
import { defaultAssistant } from "@/lib/server/queries/assistants";
import { createShare } from "@/lib/server/queries/shared-assistants";
import { claimGuestSession } from "@/lib/server/queries/guest-sessions";
import { deleteConversation, insertExchange, moveGuestConversationToUser, rateReply, type NewMessage } from "@/lib/server/queries/messages";
import { insightReplies, insightsByDay, mostAskedQuestions, setRetentionDays, type InsightsScope } from "@/lib/server/queries/assistant-insights";
import { deleteExpiredConversations } from "@/lib/server/use-cases/keep-conversations";
import { seedUser } from "../support/http";

// The insights read a rollup that triggers on messages keep (insight_days, insight_visitors,
// insight_questions). Here every figure the screen reads from it is compared with the same figure
// counted from the messages themselves (the statements the screen ran before the rollup), after
// writes, votes, a guest signing in, a conversation deleted, the retention job and a share deleted.

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const tz = "Asia/Taipei";
const DAY = 86_400_000;

/** The scope's messages of the range, read straight from messages. */
function scanned(scope: InsightsScope, range: { from: string; to: string }, extra: SQL = sql`TRUE`): SQL {
  const from = sql`(${range.from}::date)::timestamp AT TIME ZONE ${tz}`;
  const to = sql`(${range.to}::date + 1)::timestamp AT TIME ZONE ${tz}`;
  const own = scope.isDefault ? sql`(m.assistant_id = ${scope.assistantId} OR m.assistant_id IS NULL)` : sql`m.assistant_id = ${scope.assistantId}`;
  const ids = sql.join(scope.sharedAssistantIds.map((id) => sql`${id}`), sql`, `);
  return sql`SELECT m.* FROM messages m WHERE ((m.owner_id = ${scope.ownerId} AND m.shared_assistant_id IS NULL AND ${own}) OR m.shared_assistant_id IN (${ids}))
    AND m.created_at >= ${from} AND m.created_at < ${to} AND ${extra}`;
}

async function countedFromMessages(scope: InsightsScope, range: { from: string; to: string }) {
  const db = await getDb();
  const days = rowsOf(
    await db.execute(sql`
      SELECT to_char(s.created_at AT TIME ZONE ${tz}, 'YYYY-MM-DD') AS day,
        count(DISTINCT coalesce(s.shared_assistant_id, '') || ':' || coalesce(s.guest_user_id, s.registered_user_id, s.owner_id, ''))::int AS conversations,
        count(*)::int AS messages,
        count(DISTINCT coalesce(s.guest_user_id, s.registered_user_id, s.owner_id, ''))::int AS visitors,
        (count(*) FILTER (WHERE s.role = 'assistant' AND NOT s.is_error))::int AS replies,
        (count(*) FILTER (WHERE s.answer_signal = 'not_answered'))::int AS unanswered
      FROM (${scanned(scope, range)}) s GROUP BY 1 ORDER BY 1`),
  );
  const asked = rowsOf(
    await db.execute(sql`
      SELECT s.content, count(*)::int AS count, (array_agg(s.id ORDER BY s.created_at DESC))[1] AS "latestId"
      FROM (${scanned(scope, range, sql`m.role = 'user' AND m.image_data IS NULL`)}) s
      GROUP BY s.content ORDER BY count(*) DESC, max(s.created_at) DESC`),
  );
  const listed = async (which: SQL) =>
    rowsOf<{ id: string }>(await db.execute(sql`SELECT s.id FROM (${scanned(scope, range, which)}) s ORDER BY s.created_at DESC LIMIT 50`)).map((r) => r.id);
  return { days, asked, unanswered: await listed(sql`m.answer_signal = 'not_answered'`), thumbsDown: await listed(sql`m.rating = 'down'`) };
}

async function expectRollupAgrees(scope: InsightsScope) {
  const range = resolveUsageRange("90d", calendarDay(new Date()));
  const counted = await countedFromMessages(scope, range);
  expect(await insightsByDay(scope, range)).toEqual(counted.days);
  expect(await mostAskedQuestions(scope, range, 500)).toEqual(counted.asked);
  expect((await insightReplies(scope, range, "unanswered", 50)).map((r) => r.id)).toEqual(counted.unanswered);
  expect((await insightReplies(scope, range, "thumbs_down", 50)).map((r) => r.id)).toEqual(counted.thumbsDown);
  // Nothing is left behind at zero.
  const db = await getDb();
  const empty = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT ((SELECT count(*) FROM insight_days WHERE messages <= 0) + (SELECT count(*) FROM insight_visitors WHERE messages <= 0) + (SELECT count(*) FROM insight_questions WHERE asked <= 0))::int AS n`),
  );
  expect(empty[0].n).toBe(0);
  return counted;
}

describe("the insights rollup", () => {
  it("agrees with counting the messages after writes, votes, a guest signing in, a deleted conversation, the retention job and a deleted share", async () => {
    const owner = await seedUser({ role: "admin" });
    const visitor = await seedUser();
    const assistant = await defaultAssistant(owner.user.id);
    const shareA = await createShare({ ownerId: owner.user.id, assistantId: assistant.id, name: "A", rolePrompt: "", includeDocuments: true });
    const shareB = await createShare({ ownerId: owner.user.id, assistantId: assistant.id, name: "B", rolePrompt: "", includeDocuments: true });
    const scope: InsightsScope = { ownerId: owner.user.id, assistantId: assistant.id, isDefault: true, sharedAssistantIds: [shareA.id, shareB.id] };
    const guest = async (shareId: string) => (await claimGuestSession({ sharedAssistantId: shareId, sessionId: `s-${Math.random()}`, browserKeyHash: "x", ip: null })).id;
    const [g1, g2, g3] = [await guest(shareA.id), await guest(shareA.id), await guest(shareB.id)];

    // Each exchange a little after the one before (the latest asking of a question is one message).
    const start = Date.now() - 60_000;
    let seq = 0;
    const exchange = async (place: Partial<NewMessage>, question: string, daysAgo: number, reply: Partial<NewMessage> = {}) => {
      const at = new Date(start - daysAgo * DAY + ++seq * 10);
      const [q, r] = await insertExchange(
        { ...place, role: "user", content: question, createdAt: at },
        { ...place, role: "assistant", content: "回覆", createdAt: new Date(at.getTime() + 1), answerSignal: "answered", ...reply },
      );
      return { q, r };
    };
    const onA = (guestId: string) => ({ sharedAssistantId: shareA.id, guestUserId: guestId, sessionId: "s" });
    const own = { ownerId: owner.user.id, assistantId: assistant.id };
    const legacy = { ownerId: owner.user.id, assistantId: null };
    const signedInOnA = { sharedAssistantId: shareA.id, registeredUserId: visitor.user.id };
    const signedInOnB = { sharedAssistantId: shareB.id, registeredUserId: visitor.user.id };

    const down = await exchange(onA(g1), "垃圾車幾點來？", 0, { answerSignal: "not_answered" });
    await exchange(onA(g1), "垃圾車幾點來？", 0);
    const wrong = await exchange(onA(g2), "垃圾車幾點來？", 0);
    const latestOfG2 = await exchange(onA(g2), "資源回收是哪幾天？", 0);
    await exchange({ sharedAssistantId: shareB.id, guestUserId: g3, sessionId: "s" }, "資源回收是哪幾天？", 3, { isError: true, answerSignal: null });
    // The same signed-in visitor on two shares, and the owner in both of their own chats, on one day.
    await exchange(signedInOnA, "廚餘怎麼丟？", 1);
    await exchange(signedInOnB, "廚餘怎麼丟？", 1, { answerSignal: "not_answered" });
    await exchange(own, "廚餘怎麼丟？", 1);
    await exchange(legacy, "大型家具怎麼丟？", 1);
    await exchange(own, "舊的問題", 45);
    await exchange(onA(g1), "舊的問題", 45, { answerSignal: "not_answered" });
    // Asked as often: the one asked last comes first (each one's latest asking moves on).
    await exchange(own, "同樣多次的甲", 0);
    await exchange(own, "同樣多次的乙", 0);
    await exchange(own, "同樣多次的乙", 0);
    await exchange(own, "同樣多次的甲", 0);
    // Another owner's share: never in this assistant's figures.
    const stranger = await seedUser({ role: "admin" });
    const elsewhere = await createShare({ ownerId: stranger.user.id, assistantId: (await defaultAssistant(stranger.user.id)).id, name: "C", rolePrompt: "", includeDocuments: true });
    await exchange({ sharedAssistantId: elsewhere.id, guestUserId: await guest(elsewhere.id), sessionId: "s" }, "垃圾車幾點來？", 0);

    const written = await expectRollupAgrees(scope);
    expect(written.days.find((d) => (d as { day: string }).day === calendarDay(new Date(Date.now() - DAY)))).toMatchObject({ visitors: 2, conversations: 3 });
    expect(written.asked[0]).toMatchObject({ content: "垃圾車幾點來？", count: 3 });
    const tied = written.asked.map((q) => (q as { content: string }).content).filter((c) => c.startsWith("同樣多次"));
    expect(tied).toEqual(["同樣多次的甲", "同樣多次的乙"]);

    // Votes: two thumbed down, one taken back.
    const key = (guestId: string) => ({ kind: "share-guest" as const, sharedAssistantId: shareA.id, guestSessionId: guestId, sessionId: "s" });
    expect(await rateReply(key(g2), wrong.r.id, { rating: "down", comment: "不對" })).toBeDefined();
    expect(await rateReply(key(g1), down.r.id, { rating: "down", comment: "沒回答" })).toBeDefined();
    expect((await expectRollupAgrees(scope)).thumbsDown).toHaveLength(2);
    await rateReply(key(g1), down.r.id, { rating: null, comment: null });
    expect((await expectRollupAgrees(scope)).thumbsDown).toHaveLength(1);

    // A guest signs in on the share their conversation was on: the same messages, now the visitor's.
    expect(await moveGuestConversationToUser(key(g1), visitor.user.id)).toBeGreaterThan(0);
    await expectRollupAgrees(scope);

    // A deleted conversation takes the latest asking of a question with it.
    expect(await deleteConversation(key(g2))).toBe(4);
    const afterDelete = await expectRollupAgrees(scope);
    expect(afterDelete.asked.map((q) => (q as { latestId: string }).latestId)).not.toContain(latestOfG2.q.id);

    // The retention job: the 45-day-old messages go, in the own chat and on the share.
    expect(await setRetentionDays(owner.user.id, assistant.id, 30)).toBe(true);
    expect(await deleteExpiredConversations()).toBe(4);
    const kept = await expectRollupAgrees(scope);
    expect(kept.asked.map((q) => (q as { content: string }).content)).not.toContain("舊的問題");

    // A deleted share's messages go with it (a cascade): so does its part of the rollup.
    const db = await getDb();
    await db.execute(sql`DELETE FROM shared_assistants WHERE id = ${shareB.id}`);
    await expectRollupAgrees(scope);
    const leftOfB = rowsOf<{ n: number }>(
      await db.execute(sql`SELECT ((SELECT count(*) FROM insight_days WHERE shared_assistant_id = ${shareB.id}) + (SELECT count(*) FROM insight_visitors WHERE shared_assistant_id = ${shareB.id}))::int AS n`),
    );
    expect(leftOfB[0].n).toBe(0);
  });
});
