import * as dailyCheckin from "@/app/api/daily-checkin/route";
import * as feedback from "@/app/api/feedback/route";
import * as feedbackId from "@/app/api/feedback/[id]/route";
import * as guestStatus from "@/app/api/guest/auth-status/route";
import * as health from "@/app/api/health/route";
import * as login from "@/app/api/login/route";
import * as logout from "@/app/api/logout/route";
import * as register from "@/app/api/register/route";
import * as workspaceAccess from "@/app/api/settings/workspace-access/route";
import * as aiService from "@/app/api/settings/ai-service/route";
import * as aiServiceTest from "@/app/api/settings/ai-service/test/route";
import * as aiServiceAudit from "@/app/api/settings/ai-service/audit/route";
import * as trialSetup from "@/app/api/trial-setup/route";
import * as user from "@/app/api/user/route";
import * as password from "@/app/api/user/password/route";
import * as sessions from "@/app/api/user/sessions/route";
import * as users from "@/app/api/users/route";
import * as userId from "@/app/api/users/[id]/route";
import * as googleAuth from "@/app/api/auth/google/route";
import * as nextAuth from "@/app/api/auth/[...nextauth]/route";
import * as documentsList from "@/app/api/documents/route";
import * as documentsUpload from "@/app/api/documents/upload/route";
import * as documentsUsage from "@/app/api/documents/usage/route";
import * as documentId from "@/app/api/documents/[id]/route";
import * as documentsBulk from "@/app/api/documents/bulk-delete/route";
import * as documentsWebPage from "@/app/api/documents/web-page/route";
import * as documentRefresh from "@/app/api/documents/[id]/refresh/route";
import * as assistant from "@/app/api/assistant/route";
import * as assistantShareLink from "@/app/api/assistant/share-link/route";
import * as assistantsList from "@/app/api/assistants/route";
import * as assistantId from "@/app/api/assistants/[id]/route";
import * as assistantDuplicate from "@/app/api/assistants/[id]/duplicate/route";
import * as assistantDocuments from "@/app/api/assistants/[id]/documents/route";
import * as collectionsList from "@/app/api/collections/route";
import * as collectionId from "@/app/api/collections/[id]/route";
import * as collectionDocuments from "@/app/api/collections/[id]/documents/route";
import * as messages from "@/app/api/messages/route";
import * as messagesExport from "@/app/api/messages/export/route";
import * as shares from "@/app/api/shared-assistants/route";
import * as shareId from "@/app/api/shared-assistants/[id]/route";
import * as shareRotate from "@/app/api/shared-assistants/[id]/rotate/route";
import * as shareMessages from "@/app/api/shared-assistants/[id]/messages/route";
import * as shareConversations from "@/app/api/shared-assistants/[id]/conversations/route";
import * as shareConversation from "@/app/api/shared-assistants/[id]/conversations/[conversationId]/route";
import * as shareConversationsExport from "@/app/api/shared-assistants/[id]/conversations/export/route";
import * as aiSuggestions from "@/app/api/ai-suggestions/route";
import * as analyzeImage from "@/app/api/analyze-image/route";
import * as linkPreview from "@/app/api/link-preview/route";
import * as linkPreviewSettings from "@/app/api/link-preview-settings/route";
import * as linkPreviewIcon from "@/app/api/link-preview-settings/icon/route";
import * as initialQuestions from "@/app/api/initial-questions/route";
import * as referralsSummary from "@/app/api/referrals/route";
import * as referralsProcess from "@/app/api/referrals/process/route";
import * as plan from "@/app/api/plan/route";
import * as apiUsage from "@/app/api/admin/api-usage/route";
import * as apiUsageExport from "@/app/api/admin/api-usage/export/route";
import * as modelPrices from "@/app/api/admin/model-prices/route";
import { MESSAGE_BODY_MAX_BYTES } from "@/lib/schemas/chat";
import * as emailSettings from "@/app/api/email/settings/route";
import * as emailSettingsTest from "@/app/api/email/settings/test/route";
import * as emailSettingsWelcome from "@/app/api/email/settings/welcome/route";
import * as emailAudienceCount from "@/app/api/email/audience-count/route";
import * as emailCampaigns from "@/app/api/email/campaigns/route";
import * as emailCampaign from "@/app/api/email/campaigns/[id]/route";
import * as emailCampaignTest from "@/app/api/email/campaigns/[id]/test/route";
import * as emailCampaignSend from "@/app/api/email/campaigns/[id]/send/route";
import * as emailCampaignActions from "@/app/api/email/campaigns/[id]/actions/route";
import * as emailCampaignDuplicate from "@/app/api/email/campaigns/[id]/duplicate/route";
import * as emailCampaignRecipients from "@/app/api/email/campaigns/[id]/recipients/route";
import * as emailUnsubscribe from "@/app/api/email/unsubscribe/route";
import * as emailResubscribe from "@/app/api/email/resubscribe/route";
import * as emailPreferences from "@/app/api/user/email-preferences/route";
import * as passwordReset from "@/app/api/password-reset/route";
import * as passwordResetConfirm from "@/app/api/password-reset/confirm/route";
import * as apiKeysList from "@/app/api/assistants/[id]/api-keys/route";
import * as curatedAnswers from "@/app/api/assistants/[id]/answers/route";
import * as curatedAnswerId from "@/app/api/assistants/[id]/answers/[answerId]/route";
import * as insights from "@/app/api/assistants/[id]/insights/route";
import * as insightsExport from "@/app/api/assistants/[id]/insights/export/route";
import * as retention from "@/app/api/assistants/[id]/retention/route";
import * as ownRating from "@/app/api/messages/[id]/rating/route";
import * as shareRating from "@/app/api/shared-assistants/[id]/messages/[messageId]/rating/route";
import * as apiKeyId from "@/app/api/assistants/[id]/api-keys/[keyId]/route";
import * as v1Completions from "@/app/api/v1/chat/completions/route";
import * as v1Models from "@/app/api/v1/models/route";
import * as v1Model from "@/app/api/v1/models/[id]/route";
import * as v1OpenApi from "@/app/api/v1/openapi.json/route";
import { CHAT_COMPLETION_BODY_MAX_BYTES } from "@/lib/schemas/openai-chat";

// Every /api route and method, with who may call it. The security suites iterate over this table;
// tests/security/auth-and-roles.test.ts fails when a route file on disk is missing from it.

/** apiKey: the public API, opened by an assistant's key in the Authorization header and by no session. */
export type Access = "public" | "user" | "staff" | "admin" | "apiKey";
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";
export type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

export interface ApiRoute {
  /** The path as written in the docs, e.g. "/api/users/{id}". */
  path: string;
  /** The route file under app/, e.g. "api/users/[id]/route.ts". */
  file: string;
  method: Method;
  access: Access;
  handler: Handler;
  /** The handler validates a JSON body. */
  body: boolean;
  /** Only mutating routes that go through route() (and so check Origin). */
  wrapped: boolean;
  /** A JSON body limit above the default 1 MB (messages carrying an image). */
  maxBodyBytes?: number;
  /**
   * Open to a share's visitors when the request names a share, the workspace rule otherwise: the
   * body is read before the caller is known, so a signed-out oversized body is a 413, not a 401.
   */
  shareMode?: true;
  /** Ends the caller's own session (or all of them): suites that reuse a cookie call it with one to spare. */
  endsSession?: true;
  /** Must accept cross-site requests (RFC 8058 one-click unsubscribe, posted by mail providers). */
  crossSite?: true;
  /** Its cross-site cases live in tests/security/cross-site-email.test.ts. */
  emailSuite?: true;
}

const h = (fn: unknown) => fn as Handler;

export const API_ROUTES: ApiRoute[] = [
  { path: "/api/register", file: "api/register/route.ts", method: "POST", access: "public", handler: h(register.POST), body: true, wrapped: true },
  { path: "/api/login", file: "api/login/route.ts", method: "POST", access: "public", handler: h(login.POST), body: true, wrapped: true },
  { path: "/api/logout", file: "api/logout/route.ts", method: "POST", access: "public", handler: h(logout.POST), body: false, wrapped: true, endsSession: true },
  { path: "/api/user", file: "api/user/route.ts", method: "GET", access: "user", handler: h(user.GET), body: false, wrapped: true },
  { path: "/api/user", file: "api/user/route.ts", method: "PATCH", access: "user", handler: h(user.PATCH), body: true, wrapped: true },
  { path: "/api/referrals", file: "api/referrals/route.ts", method: "GET", access: "user", handler: h(referralsSummary.GET), body: false, wrapped: true },
  { path: "/api/referrals/process", file: "api/referrals/process/route.ts", method: "POST", access: "user", handler: h(referralsProcess.POST), body: true, wrapped: true },
  { path: "/api/plan", file: "api/plan/route.ts", method: "GET", access: "user", handler: h(plan.GET), body: false, wrapped: true },
  { path: "/api/user/password", file: "api/user/password/route.ts", method: "POST", access: "user", handler: h(password.POST), body: true, wrapped: true },
  { path: "/api/user/sessions", file: "api/user/sessions/route.ts", method: "DELETE", access: "user", handler: h(sessions.DELETE), body: false, wrapped: true, endsSession: true },
  { path: "/api/guest/auth-status", file: "api/guest/auth-status/route.ts", method: "GET", access: "public", handler: h(guestStatus.GET), body: false, wrapped: true },
  { path: "/api/trial-setup", file: "api/trial-setup/route.ts", method: "GET", access: "public", handler: h(trialSetup.GET), body: false, wrapped: true },
  { path: "/api/trial-setup", file: "api/trial-setup/route.ts", method: "POST", access: "public", handler: h(trialSetup.POST), body: true, wrapped: true },
  { path: "/api/users", file: "api/users/route.ts", method: "GET", access: "admin", handler: h(users.GET), body: false, wrapped: true },
  { path: "/api/users/{id}", file: "api/users/[id]/route.ts", method: "GET", access: "admin", handler: h(userId.GET), body: false, wrapped: true },
  { path: "/api/users/{id}", file: "api/users/[id]/route.ts", method: "PATCH", access: "admin", handler: h(userId.PATCH), body: true, wrapped: true },
  { path: "/api/users/{id}", file: "api/users/[id]/route.ts", method: "DELETE", access: "admin", handler: h(userId.DELETE), body: false, wrapped: true },
  { path: "/api/feedback", file: "api/feedback/route.ts", method: "POST", access: "public", handler: h(feedback.POST), body: true, wrapped: true },
  { path: "/api/feedback", file: "api/feedback/route.ts", method: "GET", access: "admin", handler: h(feedback.GET), body: false, wrapped: true },
  { path: "/api/feedback/{id}", file: "api/feedback/[id]/route.ts", method: "PATCH", access: "admin", handler: h(feedbackId.PATCH), body: true, wrapped: true },
  { path: "/api/health", file: "api/health/route.ts", method: "GET", access: "public", handler: h(health.GET), body: false, wrapped: false },
  { path: "/api/settings/workspace-access", file: "api/settings/workspace-access/route.ts", method: "GET", access: "staff", handler: h(workspaceAccess.GET), body: false, wrapped: true },
  { path: "/api/settings/workspace-access", file: "api/settings/workspace-access/route.ts", method: "PUT", access: "admin", handler: h(workspaceAccess.PUT), body: true, wrapped: true },
  { path: "/api/settings/ai-service", file: "api/settings/ai-service/route.ts", method: "GET", access: "admin", handler: h(aiService.GET), body: false, wrapped: true },
  { path: "/api/settings/ai-service", file: "api/settings/ai-service/route.ts", method: "PUT", access: "admin", handler: h(aiService.PUT), body: true, wrapped: true },
  { path: "/api/settings/ai-service/test", file: "api/settings/ai-service/test/route.ts", method: "POST", access: "admin", handler: h(aiServiceTest.POST), body: true, wrapped: true },
  { path: "/api/settings/ai-service/audit", file: "api/settings/ai-service/audit/route.ts", method: "GET", access: "admin", handler: h(aiServiceAudit.GET), body: false, wrapped: true },
  // Workspace routes: the staff's (admins and managers) under the default workspace access ("admins"), which these suites use.
  { path: "/api/documents", file: "api/documents/route.ts", method: "GET", access: "staff", handler: h(documentsList.GET), body: false, wrapped: true },
  { path: "/api/documents/upload", file: "api/documents/upload/route.ts", method: "POST", access: "staff", handler: h(documentsUpload.POST), body: false, wrapped: true },
  { path: "/api/documents/usage", file: "api/documents/usage/route.ts", method: "GET", access: "staff", handler: h(documentsUsage.GET), body: false, wrapped: true },
  { path: "/api/documents/{id}", file: "api/documents/[id]/route.ts", method: "GET", access: "staff", handler: h(documentId.GET), body: false, wrapped: true },
  { path: "/api/documents/{id}", file: "api/documents/[id]/route.ts", method: "DELETE", access: "staff", handler: h(documentId.DELETE), body: false, wrapped: true },
  { path: "/api/documents/bulk-delete", file: "api/documents/bulk-delete/route.ts", method: "POST", access: "staff", handler: h(documentsBulk.POST), body: true, wrapped: true },
  { path: "/api/documents/web-page", file: "api/documents/web-page/route.ts", method: "POST", access: "staff", handler: h(documentsWebPage.POST), body: true, wrapped: true },
  { path: "/api/documents/{id}/refresh", file: "api/documents/[id]/refresh/route.ts", method: "POST", access: "staff", handler: h(documentRefresh.POST), body: false, wrapped: true },
  { path: "/api/assistant", file: "api/assistant/route.ts", method: "GET", access: "staff", handler: h(assistant.GET), body: false, wrapped: true },
  { path: "/api/assistant", file: "api/assistant/route.ts", method: "POST", access: "staff", handler: h(assistant.POST), body: true, wrapped: true },
  { path: "/api/assistant/share-link", file: "api/assistant/share-link/route.ts", method: "POST", access: "staff", handler: h(assistantShareLink.POST), body: false, wrapped: true },
  { path: "/api/assistants", file: "api/assistants/route.ts", method: "GET", access: "staff", handler: h(assistantsList.GET), body: false, wrapped: true },
  { path: "/api/assistants", file: "api/assistants/route.ts", method: "POST", access: "staff", handler: h(assistantsList.POST), body: true, wrapped: true },
  { path: "/api/assistants/{id}", file: "api/assistants/[id]/route.ts", method: "GET", access: "staff", handler: h(assistantId.GET), body: false, wrapped: true },
  { path: "/api/assistants/{id}", file: "api/assistants/[id]/route.ts", method: "PATCH", access: "staff", handler: h(assistantId.PATCH), body: true, wrapped: true },
  { path: "/api/assistants/{id}", file: "api/assistants/[id]/route.ts", method: "DELETE", access: "staff", handler: h(assistantId.DELETE), body: false, wrapped: true },
  { path: "/api/assistants/{id}/duplicate", file: "api/assistants/[id]/duplicate/route.ts", method: "POST", access: "staff", handler: h(assistantDuplicate.POST), body: false, wrapped: true },
  { path: "/api/assistants/{id}/documents", file: "api/assistants/[id]/documents/route.ts", method: "POST", access: "staff", handler: h(assistantDocuments.POST), body: true, wrapped: true },
  { path: "/api/collections", file: "api/collections/route.ts", method: "GET", access: "staff", handler: h(collectionsList.GET), body: false, wrapped: true },
  { path: "/api/collections", file: "api/collections/route.ts", method: "POST", access: "staff", handler: h(collectionsList.POST), body: true, wrapped: true },
  { path: "/api/collections/{id}", file: "api/collections/[id]/route.ts", method: "PATCH", access: "staff", handler: h(collectionId.PATCH), body: true, wrapped: true },
  { path: "/api/collections/{id}", file: "api/collections/[id]/route.ts", method: "DELETE", access: "staff", handler: h(collectionId.DELETE), body: false, wrapped: true },
  { path: "/api/collections/{id}/documents", file: "api/collections/[id]/documents/route.ts", method: "POST", access: "staff", handler: h(collectionDocuments.POST), body: true, wrapped: true },
  { path: "/api/messages", file: "api/messages/route.ts", method: "GET", access: "staff", handler: h(messages.GET), body: false, wrapped: true },
  { path: "/api/messages", file: "api/messages/route.ts", method: "POST", access: "staff", handler: h(messages.POST), body: true, wrapped: true, maxBodyBytes: MESSAGE_BODY_MAX_BYTES },
  { path: "/api/messages", file: "api/messages/route.ts", method: "DELETE", access: "staff", handler: h(messages.DELETE), body: false, wrapped: true },
  { path: "/api/messages/export", file: "api/messages/export/route.ts", method: "GET", access: "staff", handler: h(messagesExport.GET), body: false, wrapped: true },
  { path: "/api/shared-assistants", file: "api/shared-assistants/route.ts", method: "POST", access: "staff", handler: h(shares.POST), body: true, wrapped: true },
  { path: "/api/shared-assistants", file: "api/shared-assistants/route.ts", method: "GET", access: "staff", handler: h(shares.GET), body: false, wrapped: true },
  { path: "/api/shared-assistants/{id}", file: "api/shared-assistants/[id]/route.ts", method: "GET", access: "public", handler: h(shareId.GET), body: false, wrapped: true },
  { path: "/api/shared-assistants/{id}", file: "api/shared-assistants/[id]/route.ts", method: "PATCH", access: "staff", handler: h(shareId.PATCH), body: true, wrapped: true },
  { path: "/api/shared-assistants/{id}", file: "api/shared-assistants/[id]/route.ts", method: "DELETE", access: "staff", handler: h(shareId.DELETE), body: false, wrapped: true },
  { path: "/api/shared-assistants/{id}/messages", file: "api/shared-assistants/[id]/messages/route.ts", method: "GET", access: "public", handler: h(shareMessages.GET), body: false, wrapped: true },
  { path: "/api/shared-assistants/{id}/messages", file: "api/shared-assistants/[id]/messages/route.ts", method: "POST", access: "public", handler: h(shareMessages.POST), body: true, wrapped: true, maxBodyBytes: MESSAGE_BODY_MAX_BYTES },
  { path: "/api/shared-assistants/{id}/conversations", file: "api/shared-assistants/[id]/conversations/route.ts", method: "GET", access: "staff", handler: h(shareConversations.GET), body: false, wrapped: true },
  { path: "/api/shared-assistants/{id}/conversations/{conversationId}", file: "api/shared-assistants/[id]/conversations/[conversationId]/route.ts", method: "GET", access: "staff", handler: h(shareConversation.GET), body: false, wrapped: true },
  { path: "/api/shared-assistants/{id}/conversations/export", file: "api/shared-assistants/[id]/conversations/export/route.ts", method: "GET", access: "staff", handler: h(shareConversationsExport.GET), body: false, wrapped: true },
  { path: "/api/shared-assistants/{id}/rotate", file: "api/shared-assistants/[id]/rotate/route.ts", method: "POST", access: "staff", handler: h(shareRotate.POST), body: false, wrapped: true },
  { path: "/api/ai-suggestions", file: "api/ai-suggestions/route.ts", method: "POST", access: "staff", handler: h(aiSuggestions.POST), body: true, wrapped: true, shareMode: true },
  { path: "/api/analyze-image", file: "api/analyze-image/route.ts", method: "POST", access: "staff", handler: h(analyzeImage.POST), body: false, wrapped: true, shareMode: true },
  { path: "/api/link-preview", file: "api/link-preview/route.ts", method: "POST", access: "staff", handler: h(linkPreview.POST), body: true, wrapped: true },
  { path: "/api/link-preview-settings", file: "api/link-preview-settings/route.ts", method: "GET", access: "staff", handler: h(linkPreviewSettings.GET), body: false, wrapped: true },
  { path: "/api/link-preview-settings", file: "api/link-preview-settings/route.ts", method: "PUT", access: "staff", handler: h(linkPreviewSettings.PUT), body: true, wrapped: true },
  { path: "/api/link-preview-settings/icon", file: "api/link-preview-settings/icon/route.ts", method: "POST", access: "staff", handler: h(linkPreviewIcon.POST), body: false, wrapped: true },
  { path: "/api/link-preview-settings/icon", file: "api/link-preview-settings/icon/route.ts", method: "DELETE", access: "staff", handler: h(linkPreviewIcon.DELETE), body: false, wrapped: true },
  { path: "/api/initial-questions", file: "api/initial-questions/route.ts", method: "POST", access: "staff", handler: h(initialQuestions.POST), body: true, wrapped: true, shareMode: true },
  { path: "/api/daily-checkin", file: "api/daily-checkin/route.ts", method: "GET", access: "staff", handler: h(dailyCheckin.GET), body: false, wrapped: true },
  { path: "/api/daily-checkin", file: "api/daily-checkin/route.ts", method: "POST", access: "staff", handler: h(dailyCheckin.POST), body: true, wrapped: true },
  { path: "/api/admin/api-usage", file: "api/admin/api-usage/route.ts", method: "GET", access: "admin", handler: h(apiUsage.GET), body: false, wrapped: true },
  { path: "/api/admin/api-usage/export", file: "api/admin/api-usage/export/route.ts", method: "GET", access: "admin", handler: h(apiUsageExport.GET), body: false, wrapped: true },
  { path: "/api/admin/model-prices", file: "api/admin/model-prices/route.ts", method: "GET", access: "admin", handler: h(modelPrices.GET), body: false, wrapped: true },
  { path: "/api/admin/model-prices", file: "api/admin/model-prices/route.ts", method: "PUT", access: "admin", handler: h(modelPrices.PUT), body: true, wrapped: true },
  { path: "/api/admin/model-prices", file: "api/admin/model-prices/route.ts", method: "DELETE", access: "admin", handler: h(modelPrices.DELETE), body: true, wrapped: true },
  { path: "/api/auth/google", file: "api/auth/google/route.ts", method: "GET", access: "public", handler: h(googleAuth.GET), body: false, wrapped: true },
  // next-auth's own endpoints: not wrapped by route(); next-auth checks its CSRF token itself.
  { path: "/api/auth/{...nextauth}", file: "api/auth/[...nextauth]/route.ts", method: "GET", access: "public", handler: h(nextAuth.GET), body: false, wrapped: false },
  { path: "/api/auth/{...nextauth}", file: "api/auth/[...nextauth]/route.ts", method: "POST", access: "public", handler: h(nextAuth.POST), body: false, wrapped: false },
  { path: "/api/assistants/{id}/answers", file: "api/assistants/[id]/answers/route.ts", method: "GET", access: "staff", handler: h(curatedAnswers.GET), body: false, wrapped: true },
  { path: "/api/assistants/{id}/answers", file: "api/assistants/[id]/answers/route.ts", method: "POST", access: "staff", handler: h(curatedAnswers.POST), body: true, wrapped: true },
  { path: "/api/assistants/{id}/answers/{answerId}", file: "api/assistants/[id]/answers/[answerId]/route.ts", method: "PUT", access: "staff", handler: h(curatedAnswerId.PUT), body: true, wrapped: true },
  { path: "/api/assistants/{id}/answers/{answerId}", file: "api/assistants/[id]/answers/[answerId]/route.ts", method: "DELETE", access: "staff", handler: h(curatedAnswerId.DELETE), body: false, wrapped: true },
  { path: "/api/assistants/{id}/insights", file: "api/assistants/[id]/insights/route.ts", method: "GET", access: "staff", handler: h(insights.GET), body: false, wrapped: true },
  { path: "/api/assistants/{id}/insights/export", file: "api/assistants/[id]/insights/export/route.ts", method: "GET", access: "staff", handler: h(insightsExport.GET), body: false, wrapped: true },
  { path: "/api/assistants/{id}/retention", file: "api/assistants/[id]/retention/route.ts", method: "PUT", access: "staff", handler: h(retention.PUT), body: true, wrapped: true },
  { path: "/api/messages/{id}/rating", file: "api/messages/[id]/rating/route.ts", method: "PUT", access: "staff", handler: h(ownRating.PUT), body: true, wrapped: true },
  { path: "/api/shared-assistants/{id}/messages/{messageId}/rating", file: "api/shared-assistants/[id]/messages/[messageId]/rating/route.ts", method: "PUT", access: "public", handler: h(shareRating.PUT), body: true, wrapped: true, shareMode: true },
  { path: "/api/assistants/{id}/api-keys", file: "api/assistants/[id]/api-keys/route.ts", method: "GET", access: "staff", handler: h(apiKeysList.GET), body: false, wrapped: true },
  { path: "/api/assistants/{id}/api-keys", file: "api/assistants/[id]/api-keys/route.ts", method: "POST", access: "staff", handler: h(apiKeysList.POST), body: true, wrapped: true },
  { path: "/api/assistants/{id}/api-keys/{keyId}", file: "api/assistants/[id]/api-keys/[keyId]/route.ts", method: "DELETE", access: "staff", handler: h(apiKeyId.DELETE), body: false, wrapped: true },
  ...emailRoutes(),
  ...publicApiRoutes(),
];

// The public API (/api/v1): a key of one assistant, never a session; its preflights answer anyone.
function publicApiRoutes(): ApiRoute[] {
  const k = { access: "apiKey", wrapped: true } as const;
  const preflight = { access: "public", body: false, wrapped: false } as const;
  return [
    { path: "/api/v1/chat/completions", file: "api/v1/chat/completions/route.ts", method: "POST", handler: h(v1Completions.POST), body: true, maxBodyBytes: CHAT_COMPLETION_BODY_MAX_BYTES, ...k },
    { path: "/api/v1/chat/completions", file: "api/v1/chat/completions/route.ts", method: "OPTIONS", handler: h(v1Completions.OPTIONS), ...preflight },
    { path: "/api/v1/models", file: "api/v1/models/route.ts", method: "GET", handler: h(v1Models.GET), body: false, ...k },
    { path: "/api/v1/models", file: "api/v1/models/route.ts", method: "OPTIONS", handler: h(v1Models.OPTIONS), ...preflight },
    { path: "/api/v1/models/{id}", file: "api/v1/models/[id]/route.ts", method: "GET", handler: h(v1Model.GET), body: false, ...k },
    { path: "/api/v1/models/{id}", file: "api/v1/models/[id]/route.ts", method: "OPTIONS", handler: h(v1Model.OPTIONS), ...preflight },
    { path: "/api/v1/openapi.json", file: "api/v1/openapi.json/route.ts", method: "GET", access: "public", handler: h(v1OpenApi.GET), body: false, wrapped: true },
  ];
}

// E-mail campaigns and account mail (docs/rules/email.md).
function emailRoutes(): ApiRoute[] {
  const e = { wrapped: true, emailSuite: true } as const;
  return [
    { path: "/api/email/settings", file: "api/email/settings/route.ts", method: "GET", access: "admin", handler: h(emailSettings.GET), body: false, ...e },
    { path: "/api/email/settings", file: "api/email/settings/route.ts", method: "PUT", access: "admin", handler: h(emailSettings.PUT), body: true, ...e },
    { path: "/api/email/settings", file: "api/email/settings/route.ts", method: "DELETE", access: "admin", handler: h(emailSettings.DELETE), body: false, ...e },
    { path: "/api/email/settings/test", file: "api/email/settings/test/route.ts", method: "POST", access: "admin", handler: h(emailSettingsTest.POST), body: true, ...e },
    { path: "/api/email/settings/welcome", file: "api/email/settings/welcome/route.ts", method: "PUT", access: "admin", handler: h(emailSettingsWelcome.PUT), body: true, ...e },
    { path: "/api/email/audience-count", file: "api/email/audience-count/route.ts", method: "POST", access: "admin", handler: h(emailAudienceCount.POST), body: true, ...e },
    { path: "/api/email/campaigns", file: "api/email/campaigns/route.ts", method: "GET", access: "admin", handler: h(emailCampaigns.GET), body: false, ...e },
    { path: "/api/email/campaigns", file: "api/email/campaigns/route.ts", method: "POST", access: "admin", handler: h(emailCampaigns.POST), body: true, ...e },
    { path: "/api/email/campaigns/{id}", file: "api/email/campaigns/[id]/route.ts", method: "GET", access: "admin", handler: h(emailCampaign.GET), body: false, ...e },
    { path: "/api/email/campaigns/{id}", file: "api/email/campaigns/[id]/route.ts", method: "PUT", access: "admin", handler: h(emailCampaign.PUT), body: true, ...e },
    { path: "/api/email/campaigns/{id}", file: "api/email/campaigns/[id]/route.ts", method: "DELETE", access: "admin", handler: h(emailCampaign.DELETE), body: false, ...e },
    { path: "/api/email/campaigns/{id}/test", file: "api/email/campaigns/[id]/test/route.ts", method: "POST", access: "admin", handler: h(emailCampaignTest.POST), body: true, ...e },
    { path: "/api/email/campaigns/{id}/send", file: "api/email/campaigns/[id]/send/route.ts", method: "POST", access: "admin", handler: h(emailCampaignSend.POST), body: true, ...e },
    { path: "/api/email/campaigns/{id}/actions", file: "api/email/campaigns/[id]/actions/route.ts", method: "POST", access: "admin", handler: h(emailCampaignActions.POST), body: true, ...e },
    { path: "/api/email/campaigns/{id}/duplicate", file: "api/email/campaigns/[id]/duplicate/route.ts", method: "POST", access: "admin", handler: h(emailCampaignDuplicate.POST), body: false, ...e },
    { path: "/api/email/campaigns/{id}/recipients", file: "api/email/campaigns/[id]/recipients/route.ts", method: "GET", access: "admin", handler: h(emailCampaignRecipients.GET), body: false, ...e },
    { path: "/api/email/unsubscribe", file: "api/email/unsubscribe/route.ts", method: "GET", access: "public", handler: h(emailUnsubscribe.GET), body: false, ...e },
    { path: "/api/email/unsubscribe", file: "api/email/unsubscribe/route.ts", method: "POST", access: "public", handler: h(emailUnsubscribe.POST), body: false, crossSite: true, ...e },
    { path: "/api/email/resubscribe", file: "api/email/resubscribe/route.ts", method: "POST", access: "public", handler: h(emailResubscribe.POST), body: true, ...e },
    { path: "/api/user/email-preferences", file: "api/user/email-preferences/route.ts", method: "GET", access: "user", handler: h(emailPreferences.GET), body: false, ...e },
    { path: "/api/user/email-preferences", file: "api/user/email-preferences/route.ts", method: "PUT", access: "user", handler: h(emailPreferences.PUT), body: true, ...e },
    { path: "/api/password-reset", file: "api/password-reset/route.ts", method: "POST", access: "public", handler: h(passwordReset.POST), body: true, ...e },
    { path: "/api/password-reset/confirm", file: "api/password-reset/confirm/route.ts", method: "POST", access: "public", handler: h(passwordResetConfirm.POST), body: true, ...e },
  ];
}

/** Routes a session opens (the public API's are opened by a key: tests/security/api-key-isolation.test.ts). */
export const PROTECTED_ROUTES = API_ROUTES.filter((r) => r.access !== "public" && r.access !== "apiKey");
/** The public API's routes, opened by an assistant's key. */
export const KEY_ROUTES = API_ROUTES.filter((r) => r.access === "apiKey");
/**
 * Mutating routes that must refuse cross-site requests (one-click unsubscribe must not; nor the
 * public API, which reads no cookie, so another site's request can borrow nobody's session).
 */
export const MUTATING_WRAPPED_ROUTES = API_ROUTES.filter((r) => r.method !== "GET" && r.method !== "OPTIONS" && r.wrapped && !r.crossSite && r.access !== "apiKey");

export const label = (r: Pick<ApiRoute, "method" | "path">) => `${r.method} ${r.path}`;

/** A concrete URL path for a route: `{id}` filled in, the catch-all given a next-auth action. */
export function concretePath(r: ApiRoute, params: Record<string, string | string[]>): string {
  return r.path
    .replace("{id}", encodeSegment(String(params.id ?? "")))
    .replace("{conversationId}", encodeSegment(String(params.conversationId ?? "")))
    .replace("{keyId}", encodeSegment(String(params.keyId ?? "")))
    .replace("{...nextauth}", Array.isArray(params.nextauth) ? params.nextauth.join("/") : "session");
}

/** Percent-encodes a path segment; a lone surrogate (not encodable) becomes U+FFFD as in a browser. */
function encodeSegment(value: string): string {
  return encodeURIComponent(value.toWellFormed());
}

/** Every method a route file may export. */
export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;
