import type { EmailCampaignStatus, EmailRecipientStatus } from "@/lib/constants";
import type { Audience } from "@/lib/schemas/email";

// What the e-mail APIs answer (lib/server/present/email-campaign.ts), as the screens read it.

export type RecipientCounts = Record<EmailRecipientStatus, number>;

export interface CampaignProgress {
  id: string;
  subject: string;
  status: EmailCampaignStatus;
  ratePerMinute: number;
  totalCount: number;
  counts: RecipientCounts;
  currentRate: number;
  etaSeconds: number | null;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

export interface CampaignDraftView {
  id: string;
  subject: string;
  bodyMarkdown: string;
  audience: Audience;
  ratePerMinute: number;
  status: EmailCampaignStatus;
  scheduledAt: string | null;
  lastError: string | null;
  updatedAt: string;
}

export interface RecipientRow {
  id: number;
  email: string;
  status: EmailRecipientStatus;
  attempts: number;
  error: string | null;
  sentAt: string | null;
  nextAttemptAt: string | null;
}
