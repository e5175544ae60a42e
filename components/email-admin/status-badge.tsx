"use client";

import { useTranslations } from "next-intl";
import type { EmailCampaignStatus } from "@/lib/constants";
import { Badge } from "@/components/ui/badge";

const VARIANT: Record<EmailCampaignStatus, "default" | "secondary" | "destructive" | "success" | "outline"> = {
  draft: "outline",
  scheduled: "secondary",
  sending: "default",
  paused: "secondary",
  done: "success",
  cancelled: "destructive",
};

export function CampaignStatusBadge({ status }: { status: EmailCampaignStatus }) {
  const t = useTranslations("email.status");
  return (
    <Badge variant={VARIANT[status]} data-testid="campaign-status" data-status={status}>
      {t(status)}
    </Badge>
  );
}
