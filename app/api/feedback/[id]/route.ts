import { route } from "@/lib/server/http/route";
import { AppError } from "@/lib/server/errors";
import { feedbackStatusSchema } from "@/lib/schemas/feedback";
import { setFeedbackStatus } from "@/lib/server/queries/feedback";

// PATCH /api/feedback/{id}: mark feedback read or resolved (admin only).
export const PATCH = route({ auth: "admin", body: feedbackStatusSchema }, async ({ params, body }) => {
  const row = await setFeedbackStatus(params.id, body.status);
  if (!row) throw new AppError("not_found");
  return { ok: true, status: row.status };
});
