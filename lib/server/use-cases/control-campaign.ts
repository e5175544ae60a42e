import "server-only";
import { AppError } from "@/lib/server/errors";
import { retryFailedRecipients, transitionCampaign, unschedule, type Campaign } from "@/lib/server/queries/email-campaigns";
import { enqueueSendingRound, requireMailServer } from "./start-campaign";
import type { CampaignActionResult } from "@/lib/server/present/email-campaign";

// Pause, resume, cancel, retry the failed, or withdraw a scheduled start. Pausing and cancelling
// take effect at the sender's next batch: messages already handed to the server finish.

export type CampaignAction = "pause" | "resume" | "cancel" | "retryFailed" | "unschedule";

function moved(campaign: Campaign | undefined): Campaign {
  if (!campaign) throw new AppError("conflict", { messageKey: "email.errors.wrongState" });
  return campaign;
}

export async function controlCampaign(id: string, action: CampaignAction): Promise<CampaignActionResult> {
  switch (action) {
    case "pause":
    case "cancel":
      moved(await transitionCampaign(id, action));
      return {};
    case "resume": {
      await requireMailServer();
      const campaign = moved(await transitionCampaign(id, "resume"));
      await enqueueSendingRound(id, campaign.generation);
      return {};
    }
    case "retryFailed": {
      await requireMailServer();
      const result = await retryFailedRecipients(id);
      if (!result) throw new AppError("conflict", { messageKey: "email.errors.wrongState" });
      if (result.requeued > 0) await enqueueSendingRound(id, result.campaign.generation);
      return { requeued: result.requeued };
    }
    case "unschedule":
      if (!(await unschedule(id))) throw new AppError("conflict", { messageKey: "email.errors.wrongState" });
      return {};
  }
}
