import "server-only";
import type { Feedback } from "@/lib/server/db/schema";

/** One piece of feedback as the admins' list shows it. */
export function toFeedbackItem(row: Feedback) {
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    email: row.email,
    category: row.category,
    message: row.message,
    status: row.status,
    pagePath: row.pagePath,
    createdAt: row.createdAt.toISOString(),
  };
}

export type FeedbackItem = ReturnType<typeof toFeedbackItem>;

/** GET /api/feedback: a page of it, newest first, and how much there is. */
export interface FeedbackPage {
  feedback: FeedbackItem[];
  total: number;
}
