// The API's answers, named once, as the browser receives them: JSON, so every time is an ISO
// string, never a Date. Each type is what a presenter beside this file returns, each route handler
// declares it as its return type, and components and their tests import it from here. A field
// renamed or dropped on the server is then a compile error in the screens that read it, rather than
// an undefined found in the browser. This module holds types only (no runtime import), so client
// code may import it without pulling in anything of the server.

// Documents: GET /api/documents (DocumentWithUse[]), GET /api/documents/{id} and
// POST /api/documents/upload (PublicDocument), GET /api/documents/usage, POST /api/documents/bulk-delete.
export type { BulkDeleteResult, DocumentUse, DocumentWithUse, PublicDocument, UploadUsage } from "./document";

import type { PublicAssistant, PublicCollection } from "./assistant";

// Assistants and collections: GET /api/assistant and POST /api/assistant (AssistantProfile); one
// assistant from POST /api/assistants, GET, PATCH /api/assistants/{id}, …/duplicate and …/documents;
// one collection from POST /api/collections, PATCH /api/collections/{id} and …/documents.
export type { AssistantProfile, PublicAssistant, PublicCollection } from "./assistant";
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
export type { OwnerShare, QuickLink, VisitorShare } from "./share";
export type { ShareConversationDetail, ShareConversationMessage, ShareConversationPage, ShareConversationSummary } from "./share-conversation";

// E-mail (admin): GET /api/email/campaigns (CampaignProgressView[]), a draft from POST
// /api/email/campaigns, PUT /api/email/campaigns/{id} and …/duplicate (CampaignDraftView),
// GET /api/email/campaigns/{id} (CampaignDetail), …/recipients (RecipientPage), …/send (CampaignStart
// or CampaignSchedule), …/actions (CampaignActionResult), POST /api/email/audience-count
// (AudienceCount), and the mail server from /api/email/settings and …/welcome (MailSettingsView).
export type { CampaignActionResult, CampaignDetail, CampaignDraftView, CampaignProgressView, CampaignSchedule, CampaignStart, RecipientPage, RecipientView } from "./email-campaign";
export type { RecipientCounts } from "../queries/email-campaigns";
export type { AudienceCount } from "../queries/email-audience";
export type { MailSettingsView } from "../mail/mail-settings";

// The AI service (admin): GET /api/settings/ai-service (AiServiceView), PUT (AiServiceSaved),
// …/audit (AuditPage) and …/test (ConnectionResult).
export type { AiServiceSaved, AiServiceView, AuditEntry, AuditPage, ConnectionProblem, ConnectionResult, ValueSource } from "./ai-service";

// Chat: GET /api/messages and GET /api/shared-assistants/{shareId}/messages (ChatMessage[]); a
// question sent to either (MessageReply, also the streamed "done" event).
export type { ChatMessage, MessageSource } from "@/lib/chat/message-types";
export type { MessageReply } from "./message";
