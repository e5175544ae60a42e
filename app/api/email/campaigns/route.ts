import { NextResponse } from "next/server";
import { z } from "zod";
import { campaignDraftSchema } from "@/lib/schemas/email";
import { route } from "@/lib/server/http/route";
import { draftView, progressViews } from "@/lib/server/present/email-campaign";
import type { CampaignDraftView, CampaignProgressView } from "@/lib/server/present/api-types";
import { createCampaign, listCampaigns } from "@/lib/server/queries/email-campaigns";

// GET /api/email/campaigns?kind=drafts|sent|all: campaigns with their recipients' counts and pace.
export const GET = route({ auth: "admin", query: z.object({ kind: z.enum(["drafts", "sent", "all"]).default("all") }) }, async ({ query }): Promise<CampaignProgressView[]> =>
  progressViews(await listCampaigns(query.kind)),
);

// POST /api/email/campaigns: a new draft (empty, or with what the body carries).
export const POST = route({ auth: "admin", body: campaignDraftSchema.partial() }, async ({ body, user }) => {
  const created = await createCampaign({ ...body, createdById: user.id });
  return NextResponse.json<CampaignDraftView>(draftView(created), { status: 201 });
});
