import { testSendSchema } from "@/lib/schemas/email";
import { route } from "@/lib/server/http/route";
import { sendCampaignTest } from "@/lib/server/use-cases/send-test-mail";

// POST /api/email/campaigns/{id}/test: the campaign as recipients get it, to one address, now.
export const POST = route({ auth: "admin", body: testSendSchema }, async ({ params, body, locale }) => sendCampaignTest({ campaignId: params.id, to: body.to, locale }));
