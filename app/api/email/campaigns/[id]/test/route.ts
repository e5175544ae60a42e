import { testSendSchema } from "@/lib/schemas/email";
import { route } from "@/lib/server/http/route";
import { sendCampaignTest } from "@/lib/server/use-cases/send-test-mail";

const TEST_SENDS_PER_MINUTE = 10;

// POST /api/email/campaigns/{id}/test: the campaign as recipients get it, to one address, now.
export const POST = route(
  { auth: "admin", body: testSendSchema, limit: { name: "email-test", perUserPerMinute: () => TEST_SENDS_PER_MINUTE } },
  async ({ params, body, locale }) => sendCampaignTest({ campaignId: params.id, to: body.to, locale }),
);
