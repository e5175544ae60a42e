// The API's answers, named once, as the browser receives them: JSON, so every time is an ISO
// string, never a Date. Each type is what a presenter in this folder returns, each route handler
// declares it as its return type, and components and their tests import it from here. A field
// renamed or dropped on the server is then a compile error in the screens that read it, rather than
// an undefined found in the browser. This module holds types only (no runtime import), so client
// code may import it without pulling in anything of the server (tests/unit/layering.test.ts).

import type { ChatMessage, MessageSource } from "@/lib/chat/message-types";
import type { MailSettingsView } from "../mail/mail-settings";
import type { LinkPreviewSettings } from "../queries/assistants";
import type { AudienceCount } from "../queries/email-audience";
import type { ModelPriceRow, UsageDay, UsageGroup, UsageMetrics } from "../queries/usage-report";
import type { RecipientCounts } from "../queries/email-campaigns";
import type { AiServiceSaved, AiServiceView, AuditEntry, AuditPage, ConnectionProblem, ConnectionResult, ValueSource } from "./ai-service";
import type { AssistantProfile, PublicAssistant, PublicCollection } from "./assistant";
import type { BulkDeleteResult, DocumentUse, DocumentWithUse, PublicDocument, UploadUsage } from "./document";
import type { CampaignActionResult, CampaignDetail, CampaignDraftView, CampaignProgressView, CampaignSchedule, CampaignStart, RecipientPage, RecipientView } from "./email-campaign";
import type { LinkPreview } from "./link-preview";
import type { MessageReply } from "./message";
import type { OwnerShare, QuickLink, VisitorShare } from "./share";
import type { CheckinSummary } from "./checkin";
import type { ModelPriceList, UsageReport } from "./usage-report";
import type { FeedbackItem, FeedbackPage } from "./feedback";
import type { CurrentUser, PlanOverview, PublicPlanStatus, PublicUser, SignedIn, UserPage } from "./user";
import type { ReferralSummary } from "./referrals";
import type { ShareConversationDetail, ShareConversationMessage, ShareConversationPage, ShareConversationSummary } from "./share-conversation";

// Documents: GET /api/documents (DocumentWithUse[]), GET /api/documents/{id} and
// POST /api/documents/upload (PublicDocument), GET /api/documents/usage, POST /api/documents/bulk-delete.
export type { BulkDeleteResult, DocumentUse, DocumentWithUse, PublicDocument, UploadUsage };

// Assistants and collections: GET /api/assistant and POST /api/assistant (AssistantProfile); one
// assistant from POST /api/assistants, GET, PATCH /api/assistants/{id}, …/duplicate and …/documents;
// one collection from POST /api/collections, PATCH /api/collections/{id} and …/documents.
export type { AssistantProfile, PublicAssistant, PublicCollection };
/** What an assistant answers from: all the owner's documents (later ones too), or those chosen and those of chosen collections. */
export type Knowledge = PublicAssistant["knowledge"];

/** GET /api/assistants: the default first. */
export interface AssistantList {
  assistants: PublicAssistant[];
}

/** GET /api/collections: by name. */
export interface CollectionList {
  collections: PublicCollection[];
}

// Shares, for their owner: GET /api/shared-assistants (OwnerShare[]), POST /api/shared-assistants,
// PATCH /api/shared-assistants/{shareId} and …/rotate (OwnerShare), POST /api/assistant/share-link
// (QuickLink), …/conversations (ShareConversationPage) and …/conversations/{id} (ShareConversationDetail).
// For a visitor: GET /api/shared-assistants/{shareId} (VisitorShare).
export type { OwnerShare, QuickLink, ShareConversationDetail, ShareConversationMessage, ShareConversationPage, ShareConversationSummary, VisitorShare };

// E-mail (admin): GET /api/email/campaigns (CampaignProgressView[]), a draft from POST
// /api/email/campaigns, PUT /api/email/campaigns/{id} and …/duplicate (CampaignDraftView),
// GET /api/email/campaigns/{id} (CampaignDetail), …/recipients (RecipientPage), …/send (CampaignStart
// or CampaignSchedule), …/actions (CampaignActionResult), POST /api/email/audience-count
// (AudienceCount), and the mail server from /api/email/settings and …/welcome (MailSettingsView).
export type { AudienceCount, CampaignActionResult, CampaignDetail, CampaignDraftView, CampaignProgressView, CampaignSchedule, CampaignStart, MailSettingsView, RecipientCounts, RecipientPage, RecipientView };

// The AI service (admin): GET /api/settings/ai-service (AiServiceView), PUT (AiServiceSaved),
// …/audit (AuditPage) and …/test (ConnectionResult).
export type { AiServiceSaved, AiServiceView, AuditEntry, AuditPage, ConnectionProblem, ConnectionResult, ValueSource };

// Chat: GET /api/messages and GET /api/shared-assistants/{shareId}/messages (ChatMessage[]); a
// question sent to either (MessageReply, also the streamed "done" event).
export type { ChatMessage, MessageReply, MessageSource };

// The public API's keys, as their owner sees them.
export type { CreatedApiKey, PublicApiKey } from "./api-key";

// Link cards: POST /api/link-preview (LinkPreview); an assistant's card settings from
// /api/link-preview-settings and …/icon (LinkPreviewSettings).
export type { LinkPreview, LinkPreviewSettings };

// Questions to offer: POST /api/initial-questions (OpeningQuestions), POST /api/ai-suggestions (FollowUpQuestions).
export interface OpeningQuestions {
  questions: string[];
}
export interface FollowUpQuestions {
  suggestions: string[];
}

/** POST /api/documents/{id}/refresh: the web page fetched again, and whether its text changed. */
export interface WebPageRefreshed {
  document: PublicDocument;
  unchanged: boolean;
}

/** GET and PUT /api/user/email-preferences: whether the signed-in user gets campaigns. */
export interface EmailPreferences {
  campaigns: boolean;
  /** The weekly e-mail of the owner's assistants' unanswered and thumbs-down questions. */
  insightsDigest: boolean;
}

// Plans: GET /api/plan (PlanOverview) and GET /api/referrals (ReferralSummary).
export type { PlanOverview, ReferralSummary };

// Users: GET and PATCH /api/user (CurrentUser); POST /api/login, /api/register and /api/trial-setup
// (SignedIn); GET /api/users (UserPage); GET and PATCH /api/users/{id} ({ user: PublicUser }).
export type { CurrentUser, PublicPlanStatus, PublicUser, SignedIn, UserPage };

// Staff: GET /api/feedback (FeedbackPage); GET and POST /api/daily-checkin (CheckinSummary).
export type { CheckinSummary, FeedbackItem, FeedbackPage };

// API usage (admin): GET /api/admin/api-usage (UsageReport); /api/admin/model-prices (ModelPriceList).
export type { ModelPriceList, ModelPriceRow, UsageDay, UsageGroup, UsageMetrics, UsageReport };

// No answer above carries a Date: JSON sends a time as an ISO string, so a type that said Date would
// promise the client what it never gets. The compiler checks that here.
type DateIn<T> = T extends Date ? true : T extends readonly (infer U)[] ? DateIn<U> : T extends object ? { [K in keyof T]-?: DateIn<T[K]> }[keyof T] : false;
type Holds<T extends true> = T;
export type AnswersCarryNoDates = Holds<
  true extends DateIn<
    | DocumentWithUse
    | PublicDocument
    | UploadUsage
    | BulkDeleteResult
    | AssistantProfile
    | AssistantList
    | CollectionList
    | OwnerShare
    | QuickLink
    | VisitorShare
    | ShareConversationPage
    | ShareConversationDetail
    | CampaignProgressView
    | CampaignDraftView
    | CampaignDetail
    | RecipientPage
    | CampaignStart
    | CampaignSchedule
    | CampaignActionResult
    | AudienceCount
    | MailSettingsView
    | AiServiceView
    | AiServiceSaved
    | AuditPage
    | ConnectionResult
    | ChatMessage
    | MessageReply
    | LinkPreview
    | LinkPreviewSettings
    | PlanOverview
    | ReferralSummary
    | CurrentUser
    | SignedIn
    | UserPage
    | FeedbackPage
    | CheckinSummary
    | UsageReport
    | ModelPriceList
    | OpeningQuestions
    | FollowUpQuestions
    | WebPageRefreshed
    | EmailPreferences
  >
    ? false
    : true
>;

// An assistant's insights: GET /api/assistants/{id}/insights (AssistantInsights); its owner's written
// answers: GET/POST /api/assistants/{id}/answers, PUT …/answers/{answerId} (CuratedAnswer).
export type { AssistantInsights, ConversationLink, InsightsDayRow, InsightsListRow, QuestionGroupRow } from "./assistant-insights";
export type { CuratedAnswer } from "./curated-answer";
