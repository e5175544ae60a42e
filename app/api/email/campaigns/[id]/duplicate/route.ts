import { NextResponse } from "next/server";
import { readAudience } from "@/lib/schemas/email";
import { AppError } from "@/lib/server/errors";
import { route } from "@/lib/server/http/route";
import { draftView } from "@/lib/server/present/email-campaign";
import type { CampaignDraftView } from "@/lib/server/present/api-types";
import { createCampaign, findCampaign } from "@/lib/server/queries/email-campaigns";

// POST /api/email/campaigns/{id}/duplicate: a new draft with the campaign's subject, body, audience and rate.
export const POST = route({ auth: "admin" }, async ({ params, user }) => {
  const source = await findCampaign(params.id);
  if (!source) throw new AppError("not_found");
  const copy = await createCampaign({
    createdById: user.id,
    subject: source.subject,
    bodyMarkdown: source.bodyMarkdown,
    audience: readAudience(source.audience),
    ratePerMinute: source.ratePerMinute,
  });
  return NextResponse.json<CampaignDraftView>(draftView(copy), { status: 201 });
});
