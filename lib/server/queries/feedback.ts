import "server-only";
import { count, desc, eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db/client";
import { feedback } from "@/lib/server/db/schema";

export async function createFeedback(input: typeof feedback.$inferInsert) {
  const db = await getDb();
  const [row] = await db.insert(feedback).values(input).returning();
  return row;
}

export async function listFeedback({ limit, offset }: { limit: number; offset: number }) {
  const db = await getDb();
  const [rows, [total]] = await Promise.all([
    db.select().from(feedback).orderBy(desc(feedback.createdAt)).limit(limit).offset(offset),
    db.select({ n: count() }).from(feedback),
  ]);
  return { feedback: rows, total: Number(total.n) };
}

export async function countNewFeedback() {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(feedback).where(eq(feedback.status, "new"));
  return Number(row.n);
}

export async function setFeedbackStatus(id: string, status: "new" | "read" | "resolved") {
  const db = await getDb();
  const [row] = await db.update(feedback).set({ status }).where(eq(feedback.id, id)).returning();
  return row;
}
