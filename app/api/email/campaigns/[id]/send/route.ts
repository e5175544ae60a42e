import { sendCampaignSchema } from "@/lib/schemas/email";
import { AppError } from "@/lib/server/errors";
import { route } from "@/lib/server/http/route";
import type { CampaignSchedule, CampaignStart } from "@/lib/server/present/api-types";
import { scheduleCampaign, startCampaignNow } from "@/lib/server/use-cases/start-campaign";

// POST /api/email/campaigns/{id}/send: start now (recipients fixed at once), or at `at`.
export const POST = route({ auth: "admin", body: sendCampaignSchema }, async ({ params, body }): Promise<CampaignStart | CampaignSchedule> => {
  if (!body.at) return startCampaignNow(params.id);
  const at = new Date(body.at);
  if (at.getTime() <= Date.now()) {
    throw new AppError("validation", { details: [{ path: "at", code: "custom", message: "email.validation.whenPast" }] });
  }
  await scheduleCampaign(params.id, at);
  return { scheduledAt: at.toISOString() };
});
