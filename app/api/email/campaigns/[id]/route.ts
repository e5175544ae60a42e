import { campaignDraftSchema } from "@/lib/schemas/email";
import { AppError } from "@/lib/server/errors";
import { route } from "@/lib/server/http/route";
import { draftView, progressViews } from "@/lib/server/present/email-campaign";
import type { CampaignDetail, CampaignDraftView } from "@/lib/server/present/api-types";
import { deleteDraft, findCampaign, updateDraft } from "@/lib/server/queries/email-campaigns";

// GET /api/email/campaigns/{id}: the campaign's content and its progress.
export const GET = route({ auth: "admin" }, async ({ params }): Promise<CampaignDetail> => {
  const campaign = await findCampaign(params.id);
  if (!campaign) throw new AppError("not_found");
  const [progress] = await progressViews([campaign]);
  return { ...draftView(campaign), progress };
});

// PUT /api/email/campaigns/{id}: save a draft (while it is one).
export const PUT = route({ auth: "admin", body: campaignDraftSchema }, async ({ params, body }): Promise<CampaignDraftView> => {
  const saved = await updateDraft(params.id, body);
  if (saved) return draftView(saved);
  if (!(await findCampaign(params.id))) throw new AppError("not_found");
  throw new AppError("conflict", { messageKey: "email.errors.notDraft" });
});

// DELETE /api/email/campaigns/{id}: a draft, or a finished or cancelled campaign (not one sending).
export const DELETE = route({ auth: "admin" }, async ({ params }) => {
  if (await deleteDraft(params.id)) return { ok: true };
  if (!(await findCampaign(params.id))) throw new AppError("not_found");
  throw new AppError("conflict", { messageKey: "email.errors.wrongState" });
});
