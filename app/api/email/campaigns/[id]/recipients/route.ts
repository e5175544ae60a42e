import { recipientsQuerySchema } from "@/lib/schemas/email";
import { AppError } from "@/lib/server/errors";
import { route } from "@/lib/server/http/route";
import { recipientView } from "@/lib/server/present/email-campaign";
import type { RecipientPage } from "@/lib/server/present/api-types";
import { findCampaign } from "@/lib/server/queries/email-campaigns";
import { listRecipients } from "@/lib/server/queries/email-recipients";

// GET /api/email/campaigns/{id}/recipients?status=&search=&limit=&offset=: who, with status and the server's reply.
export const GET = route({ auth: "admin", query: recipientsQuerySchema }, async ({ params, query }): Promise<RecipientPage> => {
  if (!(await findCampaign(params.id))) throw new AppError("not_found");
  const { recipients, total } = await listRecipients({ campaignId: params.id, ...query });
  return { recipients: recipients.map(recipientView), total };
});
