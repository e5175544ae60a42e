import { campaignActionSchema } from "@/lib/schemas/email";
import { AppError } from "@/lib/server/errors";
import { route } from "@/lib/server/http/route";
import type { CampaignActionResult } from "@/lib/server/present/api-types";
import { findCampaign } from "@/lib/server/queries/email-campaigns";
import { controlCampaign } from "@/lib/server/use-cases/control-campaign";

// POST /api/email/campaigns/{id}/actions: pause, resume, cancel, retryFailed or unschedule.
export const POST = route({ auth: "admin", body: campaignActionSchema }, async ({ params, body }): Promise<CampaignActionResult> => {
  if (!(await findCampaign(params.id))) throw new AppError("not_found");
  return controlCampaign(params.id, body.action);
});
