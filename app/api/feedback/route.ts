import { z } from "zod";
import { route } from "@/lib/server/http/route";
import { RATE_LIMITS } from "@/lib/server/policies/rate-limits";
import { feedbackSchema } from "@/lib/schemas/feedback";
import { createFeedback, listFeedback } from "@/lib/server/queries/feedback";
import { toFeedbackItem } from "@/lib/server/present/feedback";
import type { FeedbackPage } from "@/lib/server/present/api-types";

// POST /api/feedback: anyone may send feedback; stored for the admins.
export const POST = route({ auth: "public", body: feedbackSchema, limit: RATE_LIMITS.feedback }, async ({ body, user }) => {
  const row = await createFeedback({
    userId: user?.id ?? null,
    category: body.category,
    message: body.message,
    name: body.name || user?.displayName || null,
    email: body.email || user?.email || null,
    pagePath: body.pagePath ?? null,
  });
  return Response.json({ id: row.id, ok: true }, { status: 201 });
});

const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

// GET /api/feedback: the stored feedback, newest first (admin only).
export const GET = route({ auth: "admin", query: listQuery }, async ({ query }): Promise<FeedbackPage> => {
  const { feedback, total } = await listFeedback(query);
  return { feedback: feedback.map(toFeedbackItem), total };
});
