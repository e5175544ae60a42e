import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as register from "@/app/api/register/route";
import * as login from "@/app/api/login/route";
import * as logout from "@/app/api/logout/route";
import * as userRoute from "@/app/api/user/route";
import * as passwordRoute from "@/app/api/user/password/route";
import * as sessionsRoute from "@/app/api/user/sessions/route";
import * as trialSetup from "@/app/api/trial-setup/route";
import * as userIdRoute from "@/app/api/users/[id]/route";
import * as feedbackRoute from "@/app/api/feedback/route";
import * as feedbackIdRoute from "@/app/api/feedback/[id]/route";
import * as workspaceAccess from "@/app/api/settings/workspace-access/route";
import * as modelPricesRoute from "@/app/api/admin/model-prices/route";
import { listModelPrices, upsertModelPrice } from "@/lib/server/queries/usage-report";
import * as aiServiceRoute from "@/app/api/settings/ai-service/route";
import * as aiServiceTestRoute from "@/app/api/settings/ai-service/test/route";
import { readAiSettings } from "@/lib/server/use-cases/read-ai-settings";
import * as dailyCheckin from "@/app/api/daily-checkin/route";
import * as referralsProcess from "@/app/api/referrals/process/route";
import * as nextAuth from "@/app/api/auth/[...nextauth]/route";
import * as documentIdRoute from "@/app/api/documents/[id]/route";
import * as documentsBulk from "@/app/api/documents/bulk-delete/route";
import * as documentsUpload from "@/app/api/documents/upload/route";
import * as documentsWebPage from "@/app/api/documents/web-page/route";
import * as documentRefresh from "@/app/api/documents/[id]/refresh/route";
import * as assistantRoute from "@/app/api/assistant/route";
import * as assistantShareLinkRoute from "@/app/api/assistant/share-link/route";
import * as messagesRoute from "@/app/api/messages/route";
import * as aiSuggestionsRoute from "@/app/api/ai-suggestions/route";
import * as initialQuestionsRoute from "@/app/api/initial-questions/route";
import * as analyzeImageRoute from "@/app/api/analyze-image/route";
import * as sharesRoute from "@/app/api/shared-assistants/route";
import * as shareIdRoute from "@/app/api/shared-assistants/[id]/route";
import * as shareRotateRoute from "@/app/api/shared-assistants/[id]/rotate/route";
import * as shareMessagesRoute from "@/app/api/shared-assistants/[id]/messages/route";
import { createShare, findActiveShare, listOwnerShares } from "@/lib/server/queries/shared-assistants";
import * as linkPreviewRoute from "@/app/api/link-preview/route";
import * as linkPreviewSettingsRoute from "@/app/api/link-preview-settings/route";
import * as linkPreviewIconRoute from "@/app/api/link-preview-settings/icon/route";
import { defaultLinkPreviewSettings, ownMessages, ownScope, saveDefaultLinkPreviewSettings } from "../support/assistants";
import { linkPreviewCache } from "@/lib/server/db/schema";
import { getDb as usageDb } from "@/lib/server/db/client";
import { apiUsage } from "@/lib/server/db/schema";
import { answerMessage } from "@/lib/server/use-cases/answer-message";
import { findDocument, listDocuments } from "@/lib/server/queries/documents";
import { uploadDocument } from "@/lib/server/use-cases/upload-document";
import { getDb } from "@/lib/server/db/client";
import { dailyCheckins } from "@/lib/server/db/schema";
import { SESSION_COOKIE } from "@/lib/server/auth/session";
import { createFeedback, listFeedback } from "@/lib/server/queries/feedback";
import { countUsers, findUserByEmail, findUserById } from "@/lib/server/queries/users";
import { getWorkspaceAccess } from "@/lib/server/policies/workspace-access";
import { isCrossSite } from "@/lib/server/http/route";
import { MUTATING_WRAPPED_ROUTES, label, type Handler } from "../support/api-routes";
import { call, seedUser, sessionFrom, type CallResult } from "../support/http";
import * as assistantsRoute from "@/app/api/assistants/route";
import * as assistantIdRoute from "@/app/api/assistants/[id]/route";
import * as assistantDuplicateRoute from "@/app/api/assistants/[id]/duplicate/route";
import * as assistantDocumentsRoute from "@/app/api/assistants/[id]/documents/route";
import * as apiKeysRoute from "@/app/api/assistants/[id]/api-keys/route";
import * as curatedAnswersRoute from "@/app/api/assistants/[id]/answers/route";
import * as curatedAnswerIdRoute from "@/app/api/assistants/[id]/answers/[answerId]/route";
import * as retentionRoute from "@/app/api/assistants/[id]/retention/route";
import * as ownRatingRoute from "@/app/api/messages/[id]/rating/route";
import * as shareRatingRoute from "@/app/api/shared-assistants/[id]/messages/[messageId]/rating/route";
import { listCuratedAnswers } from "@/lib/server/queries/curated-answers";
import * as apiKeyIdRoute from "@/app/api/assistants/[id]/api-keys/[keyId]/route";
import { listApiKeys } from "@/lib/server/queries/api-keys";
import { createAssistantKey } from "@/lib/server/use-cases/manage-api-keys";
import * as collectionsRoute from "@/app/api/collections/route";
import * as collectionRoute from "@/app/api/collections/[id]/route";
import * as collectionDocumentsRoute from "@/app/api/collections/[id]/documents/route";
import { defaultAssistant, findAssistant, listAssistants } from "@/lib/server/queries/assistants";
import { listCollections } from "@/lib/server/queries/collections";

// docs/rules/security.md#cross-site-requests: a mutation carrying another site's Origin (or
// Sec-Fetch-Site: cross-site) is refused before it does anything, even with a valid admin cookie.

type Seeded = Awaited<ReturnType<typeof seedUser>>;

let ipSeq = 0;
const freshIp = () => `100.80.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

interface MutationCase {
  method: string;
  path: string;
  handler: Handler;
  /** Builds the request for a fresh actor and returns a probe of the state it would change. */
  prepare: () => Promise<{
    cookie: string;
    body?: unknown;
    params?: Record<string, string>;
    /** The observable state the request would change. */
    state: () => Promise<unknown>;
    /** Extra checks on a response that was let through. */
    allowed: (res: CallResult) => Promise<void> | void;
  }>;
}

let emailSeq = 0;
const freshEmail = () => `xsite-${++emailSeq}-${Date.now()}@example.com`;

async function admin(): Promise<Seeded> {
  return seedUser({ role: "admin" });
}

async function feedbackState(id: string) {
  const { feedback } = await listFeedback({ limit: 100, offset: 0 });
  return feedback.find((f) => f.id === id)?.status;
}

async function adminWithDocument() {
  const a = await admin();
  const { document } = await uploadDocument({ user: a.user, name: "kept.txt", bytes: new TextEncoder().encode("keep me") });
  return { a, document };
}


// Assistants and collections: each case's state is what the request would change.
async function adminWithAssistant() {
  const a = await admin();
  const made = await call(assistantsRoute.POST, { method: "POST", cookie: a.cookie, body: { name: "第二個助理" } });
  return { a, assistantId: made.body.id as string };
}

async function adminWithCollection() {
  const { a, document } = await adminWithDocument();
  const made = await call(collectionsRoute.POST, { method: "POST", cookie: a.cookie, body: { name: "手冊" } });
  return { a, document, collectionId: made.body.id as string };
}

const ASSISTANT_CASES: MutationCase[] = [
  {
    method: "POST",
    path: "/api/assistants",
    handler: assistantsRoute.POST,
    prepare: async () => {
      const a = await admin();
      return {
        cookie: a.cookie,
        body: { name: "新助理" },
        state: async () => (await listAssistants(a.user.id)).length,
        allowed: (res) => expect(res.status).toBe(201),
      };
    },
  },
  {
    method: "PATCH",
    path: "/api/assistants/{id}",
    handler: assistantIdRoute.PATCH,
    prepare: async () => {
      const { a, assistantId } = await adminWithAssistant();
      return {
        cookie: a.cookie,
        params: { id: assistantId },
        body: { name: "被竄改" },
        state: async () => (await findAssistant(a.user.id, assistantId))?.name,
        allowed: (res) => expect(res.body.name).toBe("被竄改"),
      };
    },
  },
  {
    method: "DELETE",
    path: "/api/assistants/{id}",
    handler: assistantIdRoute.DELETE,
    prepare: async () => {
      const { a, assistantId } = await adminWithAssistant();
      return {
        cookie: a.cookie,
        params: { id: assistantId },
        state: async () => (await findAssistant(a.user.id, assistantId)) !== undefined,
        allowed: (res) => expect(res.body.ok).toBe(true),
      };
    },
  },
  {
    method: "POST",
    path: "/api/assistants/{id}/duplicate",
    handler: assistantDuplicateRoute.POST,
    prepare: async () => {
      const { a, assistantId } = await adminWithAssistant();
      return {
        cookie: a.cookie,
        params: { id: assistantId },
        state: async () => (await listAssistants(a.user.id)).length,
        allowed: (res) => expect(res.status).toBe(201),
      };
    },
  },
  {
    method: "POST",
    path: "/api/assistants/{id}/answers",
    handler: curatedAnswersRoute.POST,
    prepare: async () => {
      const { a, assistantId } = await adminWithAssistant();
      return {
        cookie: a.cookie,
        params: { id: assistantId },
        body: { question: "幾點開門？", answer: "早上九點。" },
        state: async () => (await listCuratedAnswers(assistantId)).length,
        allowed: (res) => expect(res.body.answer).toBe("早上九點。"),
      };
    },
  },
  {
    method: "PUT",
    path: "/api/assistants/{id}/answers/{answerId}",
    handler: curatedAnswerIdRoute.PUT,
    prepare: async () => {
      const { a, assistantId } = await adminWithAssistant();
      const made = await call(curatedAnswersRoute.POST, { method: "POST", cookie: a.cookie, params: { id: assistantId }, body: { question: "幾點開門？", answer: "早上九點。" } });
      return {
        cookie: a.cookie,
        params: { id: assistantId, answerId: made.body.id },
        body: { question: "幾點開門？", answer: "被竄改" },
        state: async () => (await listCuratedAnswers(assistantId))[0].answer,
        allowed: (res) => expect(res.body.answer).toBe("被竄改"),
      };
    },
  },
  {
    method: "DELETE",
    path: "/api/assistants/{id}/answers/{answerId}",
    handler: curatedAnswerIdRoute.DELETE,
    prepare: async () => {
      const { a, assistantId } = await adminWithAssistant();
      const made = await call(curatedAnswersRoute.POST, { method: "POST", cookie: a.cookie, params: { id: assistantId }, body: { question: "幾點開門？", answer: "早上九點。" } });
      return {
        cookie: a.cookie,
        params: { id: assistantId, answerId: made.body.id },
        state: async () => (await listCuratedAnswers(assistantId)).length,
        allowed: (res) => expect(res.status).toBe(200),
      };
    },
  },
  {
    method: "PUT",
    path: "/api/assistants/{id}/retention",
    handler: retentionRoute.PUT,
    prepare: async () => {
      const { a, assistantId } = await adminWithAssistant();
      return {
        cookie: a.cookie,
        params: { id: assistantId },
        body: { days: 1 },
        state: async () => (await findAssistant(a.user.id, assistantId))?.retentionDays,
        allowed: (res) => expect(res.status).toBe(200),
      };
    },
  },
  {
    method: "PUT",
    path: "/api/messages/{id}/rating",
    handler: ownRatingRoute.PUT,
    prepare: async () => {
      const a = await admin();
      const { aiMessage } = await answerMessage({ scope: await ownScope(a.user), locale: "zh-TW", content: "評這則回覆" });
      return {
        cookie: a.cookie,
        params: { id: aiMessage.id },
        body: { rating: "down", comment: "不對" },
        state: async () => (await ownMessages(a.user.id)).find((m) => m.id === aiMessage.id)?.rating ?? null,
        allowed: (res) => expect(res.body.rating).toBe("down"),
      };
    },
  },
  {
    method: "PUT",
    path: "/api/shared-assistants/{id}/messages/{messageId}/rating",
    handler: shareRatingRoute.PUT,
    prepare: async () => {
      const a = await admin();
      const share = await createShare({ ownerId: a.user.id, name: "訪客", rolePrompt: "x", includeDocuments: true });
      const sent = await call(shareMessagesRoute.POST, { method: "POST", cookie: a.cookie, params: { id: share.shareId }, body: { message: "你好" } });
      const replyId = sent.body.aiMessage.id as string;
      const ratingOf = async () => ((await call(shareMessagesRoute.GET, { cookie: a.cookie, params: { id: share.shareId } })).body as { id: string; rating: string | null }[]).find((m) => m.id === replyId)?.rating ?? null;
      return {
        cookie: a.cookie,
        params: { id: share.shareId, messageId: replyId },
        body: { rating: "up" },
        state: ratingOf,
        allowed: (res) => expect(res.body.rating).toBe("up"),
      };
    },
  },
  {
    method: "POST",
    path: "/api/assistants/{id}/api-keys",
    handler: apiKeysRoute.POST,
    prepare: async () => {
      const { a, assistantId } = await adminWithAssistant();
      return {
        cookie: a.cookie,
        params: { id: assistantId },
        body: { name: "網站" },
        state: async () => (await listApiKeys(a.user.id, assistantId)).length,
        allowed: (res) => expect(res.status).toBe(201),
      };
    },
  },
  {
    method: "DELETE",
    path: "/api/assistants/{id}/api-keys/{keyId}",
    handler: apiKeyIdRoute.DELETE,
    prepare: async () => {
      const { a, assistantId } = await adminWithAssistant();
      const { id } = await createAssistantKey({ ownerId: a.user.id, assistantId, name: "網站" });
      return {
        cookie: a.cookie,
        params: { id: assistantId, keyId: id },
        state: async () => (await listApiKeys(a.user.id, assistantId))[0].revokedAt,
        allowed: (res) => expect(res.body.revokedAt).toEqual(expect.any(String)),
      };
    },
  },
  {
    method: "POST",
    path: "/api/assistants/{id}/documents",
    handler: assistantDocumentsRoute.POST,
    prepare: async () => {
      const { a, document } = await adminWithDocument();
      const made = await call(assistantsRoute.POST, { method: "POST", cookie: a.cookie, body: { name: "選擇的", knowledge: { all: false } } });
      return {
        cookie: a.cookie,
        params: { id: made.body.id },
        body: { add: [document.id] },
        state: async () => (await call(assistantIdRoute.GET, { cookie: a.cookie, params: { id: made.body.id } })).body.knowledge.documentIds,
        allowed: (res) => expect(res.body.knowledge.documentIds).toEqual([document.id]),
      };
    },
  },
  {
    method: "POST",
    path: "/api/collections",
    handler: collectionsRoute.POST,
    prepare: async () => {
      const a = await admin();
      return {
        cookie: a.cookie,
        body: { name: "新文件集" },
        state: async () => (await listCollections(a.user.id)).length,
        allowed: (res) => expect(res.status).toBe(201),
      };
    },
  },
  {
    method: "PATCH",
    path: "/api/collections/{id}",
    handler: collectionRoute.PATCH,
    prepare: async () => {
      const { a, collectionId } = await adminWithCollection();
      return {
        cookie: a.cookie,
        params: { id: collectionId },
        body: { name: "改名" },
        state: async () => (await listCollections(a.user.id))[0]?.name,
        allowed: (res) => expect(res.body.name).toBe("改名"),
      };
    },
  },
  {
    method: "DELETE",
    path: "/api/collections/{id}",
    handler: collectionRoute.DELETE,
    prepare: async () => {
      const { a, collectionId } = await adminWithCollection();
      return {
        cookie: a.cookie,
        params: { id: collectionId },
        state: async () => (await listCollections(a.user.id)).length,
        allowed: (res) => expect(res.body.ok).toBe(true),
      };
    },
  },
  {
    method: "POST",
    path: "/api/collections/{id}/documents",
    handler: collectionDocumentsRoute.POST,
    prepare: async () => {
      const { a, document, collectionId } = await adminWithCollection();
      return {
        cookie: a.cookie,
        params: { id: collectionId },
        body: { add: [document.id] },
        state: async () => (await listCollections(a.user.id))[0]?.documentIds,
        allowed: (res) => expect(res.body.documentIds).toEqual([document.id]),
      };
    },
  },
];

const CASES: MutationCase[] = [
  ...ASSISTANT_CASES,
  {
    method: "POST",
    path: "/api/shared-assistants/{id}/messages",
    handler: shareMessagesRoute.POST,
    prepare: async () => {
      const a = await admin();
      const share = await createShare({ ownerId: a.user.id, name: "訪客", rolePrompt: "x", includeDocuments: true });
      return {
        cookie: a.cookie,
        params: { id: share.shareId },
        body: { message: "你好" },
        state: async () => (await findActiveShare(share.shareId))?.messageCount,
        allowed: (res) => expect(res.body.aiMessage.role).toBe("assistant"),
      };
    },
  },
  {
    method: "POST",
    path: "/api/shared-assistants",
    handler: sharesRoute.POST,
    prepare: async () => {
      const a = await admin();
      return {
        cookie: a.cookie,
        body: { name: "分享", rolePrompt: "x", includeDocuments: true },
        state: async () => (await listOwnerShares(a.user.id)).length,
        allowed: (res) => expect(res.status).toBe(201),
      };
    },
  },
  {
    method: "POST",
    path: "/api/assistant/share-link",
    handler: assistantShareLinkRoute.POST,
    prepare: async () => {
      const a = await admin();
      return {
        cookie: a.cookie,
        state: async () => (await listOwnerShares(a.user.id)).length,
        allowed: (res) => expect(res.status).toBe(201),
      };
    },
  },
  {
    method: "PATCH",
    path: "/api/shared-assistants/{id}",
    handler: shareIdRoute.PATCH,
    prepare: async () => {
      const a = await admin();
      const share = await createShare({ ownerId: a.user.id, name: "原名", rolePrompt: "x", includeDocuments: true });
      return {
        cookie: a.cookie,
        params: { id: share.shareId },
        body: { name: "被改名" },
        state: async () => (await findActiveShare(share.shareId))?.name,
        allowed: (res) => expect(res.body.name).toBe("被改名"),
      };
    },
  },
  {
    method: "DELETE",
    path: "/api/shared-assistants/{id}",
    handler: shareIdRoute.DELETE,
    prepare: async () => {
      const a = await admin();
      const share = await createShare({ ownerId: a.user.id, name: "留著", rolePrompt: "x", includeDocuments: true });
      return {
        cookie: a.cookie,
        params: { id: share.shareId },
        state: async () => Boolean(await findActiveShare(share.shareId)),
        allowed: (res) => expect(res.status).toBe(200),
      };
    },
  },
  {
    method: "POST",
    path: "/api/shared-assistants/{id}/rotate",
    handler: shareRotateRoute.POST,
    prepare: async () => {
      const a = await admin();
      const share = await createShare({ ownerId: a.user.id, name: "留著", rolePrompt: "x", includeDocuments: true });
      return {
        cookie: a.cookie,
        params: { id: share.shareId },
        state: async () => Boolean(await findActiveShare(share.shareId)),
        allowed: (res) => expect(res.body.shareId).not.toBe(share.shareId),
      };
    },
  },
  {
    method: "PUT",
    path: "/api/link-preview-settings",
    handler: linkPreviewSettingsRoute.PUT,
    prepare: async () => {
      const a = await admin();
      return {
        cookie: a.cookie,
        body: { style: "large" },
        state: async () => (await defaultLinkPreviewSettings(a.user.id)).style,
        allowed: (res) => expect(res.body.style).toBe("large"),
      };
    },
  },
  {
    method: "POST",
    path: "/api/link-preview-settings/icon",
    handler: linkPreviewIconRoute.POST,
    prepare: async () => {
      const a = await admin();
      return {
        cookie: a.cookie,
        state: async () => (await defaultLinkPreviewSettings(a.user.id)).customIcon,
        // Past the Origin check the JSON body of this harness is not a multipart upload.
        allowed: (res) => expect(res.status).toBe(400),
      };
    },
  },
  {
    method: "DELETE",
    path: "/api/link-preview-settings/icon",
    handler: linkPreviewIconRoute.DELETE,
    prepare: async () => {
      const a = await admin();
      await saveDefaultLinkPreviewSettings(a.user.id, { customIcon: "data:image/png;base64,iVBORw0KGgo=", useCustomIcon: true });
      return {
        cookie: a.cookie,
        state: async () => (await defaultLinkPreviewSettings(a.user.id)).customIcon,
        allowed: (res) => expect(res.body).toMatchObject({ customIcon: null, useCustomIcon: false }),
      };
    },
  },
  {
    method: "POST",
    path: "/api/link-preview",
    handler: linkPreviewRoute.POST,
    prepare: async () => {
      const a = await admin();
      const url = `http://xsite-${++emailSeq}.invalid/`;
      return {
        cookie: a.cookie,
        body: { url },
        // A fetch that went ahead leaves a cache row.
        state: async () => (await (await usageDb()).select().from(linkPreviewCache).where(eq(linkPreviewCache.url, url))).length,
        allowed: (res) => expect(res.status).toBe(422),
      };
    },
  },
  {
    method: "POST",
    path: "/api/analyze-image",
    handler: analyzeImageRoute.POST,
    prepare: async () => {
      const a = await admin();
      return {
        cookie: a.cookie,
        // The only trace an analysis leaves is its usage record.
        state: async () => (await (await usageDb()).select().from(apiUsage).where(eq(apiUsage.userId, a.user.id))).length,
        // Past the Origin check the JSON body of this harness is not a multipart upload.
        allowed: (res) => expect(res.status).toBe(400),
      };
    },
  },
  {
    method: "POST",
    path: "/api/ai-suggestions",
    handler: aiSuggestionsRoute.POST,
    prepare: async () => {
      const a = await admin();
      // Nothing stored changes: the probe is the usage log of model calls made for this user.
      return {
        cookie: a.cookie,
        body: { assistantMessage: "hi", conversationHistory: [] },
        state: async () => (await defaultAssistant(a.user.id)).initialQuestions ?? null,
        allowed: (res) => expect(Array.isArray(res.body.suggestions)).toBe(true),
      };
    },
  },
  {
    method: "POST",
    path: "/api/initial-questions",
    handler: initialQuestionsRoute.POST,
    prepare: async () => {
      const { a } = await adminWithDocument();
      return {
        cookie: a.cookie,
        body: {},
        state: async () => (await defaultAssistant(a.user.id)).initialQuestions ?? null,
        allowed: (res) => expect(res.body.questions.length).toBeGreaterThan(0),
      };
    },
  },
  {
    method: "POST",
    path: "/api/assistant",
    handler: assistantRoute.POST,
    prepare: async () => {
      const a = await admin();
      return {
        cookie: a.cookie,
        body: { name: "被竄改的助理", rolePrompt: "x" },
        state: async () => (await defaultAssistant(a.user.id)).name,
        allowed: (res) => expect(res.body.name).toBe("被竄改的助理"),
      };
    },
  },
  {
    method: "POST",
    path: "/api/messages",
    handler: messagesRoute.POST,
    prepare: async () => {
      const a = await admin();
      return {
        cookie: a.cookie,
        body: { content: "hello" },
        state: async () => (await ownMessages(a.user.id)).length,
        allowed: (res) => expect(res.body.aiMessage.role).toBe("assistant"),
      };
    },
  },
  {
    method: "DELETE",
    path: "/api/messages",
    handler: messagesRoute.DELETE,
    prepare: async () => {
      const a = await admin();
      await answerMessage({ scope: await ownScope(a.user), locale: "zh-TW", content: "留下這段對話" });
      return {
        cookie: a.cookie,
        state: async () => (await ownMessages(a.user.id)).length,
        allowed: (res) => expect(res.body.deleted).toBe(2),
      };
    },
  },
  {
    method: "DELETE",
    path: "/api/documents/{id}",
    handler: documentIdRoute.DELETE,
    prepare: async () => {
      const { a, document } = await adminWithDocument();
      return {
        cookie: a.cookie,
        params: { id: document.id },
        state: async () => Boolean(await findDocument(a.user.id, document.id)),
        allowed: async (res) => {
          expect(res.status).toBe(200);
          expect(await findDocument(a.user.id, document.id)).toBeUndefined();
        },
      };
    },
  },
  {
    method: "POST",
    path: "/api/documents/bulk-delete",
    handler: documentsBulk.POST,
    prepare: async () => {
      const { a, document } = await adminWithDocument();
      return {
        cookie: a.cookie,
        body: { ids: [document.id] },
        state: async () => Boolean(await findDocument(a.user.id, document.id)),
        allowed: async (res) => {
          expect(res.status).toBe(200);
          expect(res.body.deleted).toBe(1);
        },
      };
    },
  },
  {
    method: "POST",
    path: "/api/documents/web-page",
    handler: documentsWebPage.POST,
    prepare: async () => {
      const a = await admin();
      return {
        cookie: a.cookie,
        body: { url: "http://127.0.0.1/page" },
        state: async () => (await listDocuments(a.user.id)).length,
        // Past the Origin check, the outbound rules refuse the address before any fetch.
        allowed: (res) => expect(res.status).toBe(400),
      };
    },
  },
  {
    method: "POST",
    path: "/api/documents/{id}/refresh",
    handler: documentRefresh.POST,
    prepare: async () => {
      const { a, document } = await adminWithDocument();
      return {
        cookie: a.cookie,
        params: { id: document.id },
        state: async () => (await findDocument(a.user.id, document.id))?.storageKey,
        // An uploaded file has no address to fetch again.
        allowed: (res) => expect(res.status).toBe(400),
      };
    },
  },
  {
    method: "POST",
    path: "/api/documents/upload",
    handler: documentsUpload.POST,
    prepare: async () => {
      const a = await admin();
      return {
        cookie: a.cookie,
        state: async () => (await listDocuments(a.user.id)).length,
        // Past the Origin check the JSON body of this harness is not a multipart upload.
        allowed: (res) => expect(res.status).toBe(400),
      };
    },
  },
  {
    method: "POST",
    path: "/api/register",
    handler: register.POST,
    prepare: async () => {
      const a = await admin();
      const email = freshEmail();
      return {
        cookie: a.cookie,
        body: { email, password: "long enough pw", displayName: "Planted", role: "admin" },
        state: async () => (await findUserByEmail(email)) ?? null,
        allowed: async (res) => {
          expect(res.status).toBe(201);
          expect((await findUserByEmail(email))?.role).toBe("admin");
        },
      };
    },
  },
  {
    method: "POST",
    path: "/api/login",
    handler: login.POST,
    prepare: async () => {
      // Login CSRF: the attacker signs the victim's browser into the attacker's account.
      const attacker = await seedUser();
      return {
        cookie: attacker.cookie,
        body: { email: attacker.email, password: attacker.password },
        state: async () => (await findUserById(attacker.user.id))?.lastLoginAt ?? null,
        allowed: (res) => {
          expect(res.status).toBe(200);
          expect(sessionFrom(res)).toBeDefined();
        },
      };
    },
  },
  {
    method: "POST",
    path: "/api/logout",
    handler: logout.POST,
    prepare: async () => {
      const a = await admin();
      return {
        cookie: a.cookie,
        state: async () => (await call(userRoute.GET, { cookie: a.cookie })).status,
        allowed: (res) => {
          expect(res.status).toBe(200);
          expect(res.setCookies.some((c) => c.startsWith(`${SESSION_COOKIE}=;`) || /Max-Age=0/i.test(c))).toBe(true);
        },
      };
    },
  },
  {
    method: "PATCH",
    path: "/api/user",
    handler: userRoute.PATCH,
    prepare: async () => {
      const a = await admin();
      return {
        cookie: a.cookie,
        body: { displayName: "Pwned" },
        state: async () => (await findUserById(a.user.id))?.displayName,
        allowed: async (res) => {
          expect(res.status).toBe(200);
          expect((await findUserById(a.user.id))?.displayName).toBe("Pwned");
        },
      };
    },
  },
  {
    method: "DELETE",
    path: "/api/user/sessions",
    handler: sessionsRoute.DELETE,
    prepare: async () => {
      const a = await admin();
      return {
        cookie: a.cookie,
        state: async () => (await findUserById(a.user.id))?.sessionVersion,
        allowed: async (res) => {
          expect(res.status).toBe(200);
          expect((await call(userRoute.GET, { cookie: a.cookie })).status).toBe(401);
        },
      };
    },
  },
  {
    method: "POST",
    path: "/api/user/password",
    handler: passwordRoute.POST,
    prepare: async () => {
      const a = await admin();
      return {
        cookie: a.cookie,
        body: { currentPassword: a.password, newPassword: "attacker chosen pw" },
        state: async () => {
          const u = await findUserById(a.user.id);
          return { hash: u?.passwordHash, sv: u?.sessionVersion };
        },
        allowed: (res) => {
          expect(res.status).toBe(200);
        },
      };
    },
  },
  {
    method: "POST",
    path: "/api/trial-setup",
    handler: trialSetup.POST,
    prepare: async () => {
      const a = await admin();
      return {
        cookie: a.cookie,
        body: { email: freshEmail(), password: "long enough pw", displayName: "Setup" },
        state: () => countUsers(),
        // Users exist, so a same-origin setup is refused by the product itself.
        allowed: (res) => {
          expect(res.status).toBe(409);
        },
      };
    },
  },
  {
    method: "PATCH",
    path: "/api/users/{id}",
    handler: userIdRoute.PATCH,
    prepare: async () => {
      const a = await admin();
      const victim = await seedUser();
      return {
        cookie: a.cookie,
        params: { id: victim.user.id },
        body: { role: "admin", plan: "supporter" },
        state: async () => {
          const u = await findUserById(victim.user.id);
          return { role: u?.role, plan: u?.plan, sv: u?.sessionVersion };
        },
        allowed: async (res) => {
          expect(res.status).toBe(200);
          expect((await findUserById(victim.user.id))?.role).toBe("admin");
        },
      };
    },
  },
  {
    method: "DELETE",
    path: "/api/users/{id}",
    handler: userIdRoute.DELETE,
    prepare: async () => {
      const a = await admin();
      const victim = await seedUser();
      return {
        cookie: a.cookie,
        params: { id: victim.user.id },
        state: async () => Boolean(await findUserById(victim.user.id)),
        allowed: async (res) => {
          expect(res.status).toBe(200);
          expect(await findUserById(victim.user.id)).toBeUndefined();
        },
      };
    },
  },
  {
    method: "POST",
    path: "/api/feedback",
    handler: feedbackRoute.POST,
    prepare: async () => {
      const a = await admin();
      return {
        cookie: a.cookie,
        body: { message: "spam from elsewhere" },
        state: async () => (await listFeedback({ limit: 1, offset: 0 })).total,
        allowed: (res) => {
          expect(res.status).toBe(201);
        },
      };
    },
  },
  {
    method: "PATCH",
    path: "/api/feedback/{id}",
    handler: feedbackIdRoute.PATCH,
    prepare: async () => {
      const a = await admin();
      const row = await createFeedback({ message: "to be resolved", category: "other" });
      return {
        cookie: a.cookie,
        params: { id: row.id },
        body: { status: "resolved" },
        state: () => feedbackState(row.id),
        allowed: async (res) => {
          expect(res.status).toBe(200);
          expect(await feedbackState(row.id)).toBe("resolved");
        },
      };
    },
  },
  {
    method: "PUT",
    path: "/api/settings/workspace-access",
    handler: workspaceAccess.PUT,
    prepare: async () => {
      const a = await admin();
      const next = (await getWorkspaceAccess()) === "admins" ? "everyone" : "admins";
      return {
        cookie: a.cookie,
        body: { value: next },
        state: () => getWorkspaceAccess(),
        allowed: async (res) => {
          expect(res.status).toBe(200);
          expect(await getWorkspaceAccess()).toBe(next);
        },
      };
    },
  },
  {
    method: "PUT",
    path: "/api/admin/model-prices",
    handler: modelPricesRoute.PUT,
    prepare: async () => {
      const a = await admin();
      const price = async () => (await listModelPrices()).find((p) => p.model === "cross-site-model")?.inputPerMillion ?? null;
      return {
        cookie: a.cookie,
        body: { model: "cross-site-model", inputPerMillion: 9, outputPerMillion: 9 },
        state: price,
        allowed: async (res) => {
          expect(res.status).toBe(200);
          expect(await price()).toBe(9);
        },
      };
    },
  },
  {
    method: "DELETE",
    path: "/api/admin/model-prices",
    handler: modelPricesRoute.DELETE,
    prepare: async () => {
      const a = await admin();
      await upsertModelPrice({ model: "priced-model", inputPerMillion: 1, outputPerMillion: 2, updatedById: a.user.id });
      const priced = async () => (await listModelPrices()).some((p) => p.model === "priced-model");
      return {
        cookie: a.cookie,
        body: { model: "priced-model" },
        state: priced,
        allowed: async (res) => {
          expect(res.status).toBe(200);
          expect(await priced()).toBe(false);
        },
      };
    },
  },
  {
    method: "PUT",
    path: "/api/settings/ai-service",
    handler: aiServiceRoute.PUT,
    prepare: async () => {
      const a = await admin();
      const model = `model-${++emailSeq}`;
      return {
        cookie: a.cookie,
        body: { baseUrl: "", chatModel: model, visionModel: "", embeddingModel: "", maxOutputTokens: null, offline: false },
        state: async () => (await readAiSettings()).saved.chatModel,
        allowed: async (res) => {
          expect(res.status).toBe(200);
          expect((await readAiSettings()).saved.chatModel).toBe(model);
        },
      };
    },
  },
  {
    method: "POST",
    path: "/api/settings/ai-service/test",
    handler: aiServiceTestRoute.POST,
    prepare: async () => {
      const a = await admin();
      return {
        cookie: a.cookie,
        // Nothing configured: the test answers without calling anything; what it would change is the usage log.
        body: { baseUrl: "", chatModel: "", visionModel: "", embeddingModel: "", maxOutputTokens: null },
        state: async () => (await (await usageDb()).select().from(apiUsage)).length,
        allowed: (res) => expect(res.body).toMatchObject({ ok: false, problem: "unconfigured" }),
      };
    },
  },
  {
    method: "POST",
    path: "/api/daily-checkin",
    handler: dailyCheckin.POST,
    prepare: async () => {
      const a = await admin();
      const rows = async () => (await (await getDb()).select().from(dailyCheckins).where(eq(dailyCheckins.userId, a.user.id))).length;
      return {
        cookie: a.cookie,
        body: { note: "forged" },
        state: rows,
        allowed: async (res) => {
          expect(res.status).toBe(200);
          expect(await rows()).toBe(1);
        },
      };
    },
  },
  {
    method: "POST",
    path: "/api/referrals/process",
    handler: referralsProcess.POST,
    prepare: async () => {
      const inviter = await seedUser();
      const invitee = await seedUser();
      const trials = async () => [(await findUserById(invitee.user.id))?.trialEndsAt ?? null, (await findUserById(inviter.user.id))?.trialEndsAt ?? null];
      return {
        cookie: invitee.cookie,
        body: { referralCode: inviter.user.referralCode },
        state: trials,
        // The invitee's trial starts at once; the inviter's waits for the invitee's first processed document.
        allowed: async (res) => {
          expect(res.status).toBe(200);
          expect((await trials())[0]).not.toBeNull();
        },
      };
    },
  },
];

const CROSS_SITE_HEADERS: Record<string, string>[] = [
  { origin: "https://evil.example" },
  { origin: "http://evil.example" },
  { origin: "null" },
  { origin: "http://localhost:3001" },
  { origin: "http://localhost" },
  { origin: "http://sub.localhost:3000" },
  { origin: "http://localhost:3000.evil.example" },
  // The same host and port over another scheme is another origin.
  { origin: "https://localhost:3000" },
  { origin: "ws://localhost:3000" },
  { origin: "not a url" },
  { origin: "https://evil.example", "sec-fetch-site": "same-origin" },
  // Sec-Fetch-Site alone is enough, whatever Origin says.
  { origin: "http://localhost:3000", "sec-fetch-site": "cross-site" },
  { origin: "", "sec-fetch-site": "cross-site" },
];

beforeAll(async () => {
  await seedUser({ role: "admin" });
});

describe("cross-site table", () => {
  it("covers every mutating route that goes through the wrapper", () => {
    // The e-mail routes' cases are in cross-site-email.test.ts.
    expect(CASES.map((c) => `${c.method} ${c.path}`).sort()).toEqual(MUTATING_WRAPPED_ROUTES.filter((r) => !r.emailSuite).map(label).sort());
  });
});

for (const c of CASES) {
  describe(`${c.method} ${c.path}`, () => {
    it("refuses Origin: https://evil.example with 403 forbidden and changes nothing", async () => {
      const prepared = await c.prepare();
      const before = await prepared.state();
      const res = await call(c.handler, {
        method: c.method,
        path: c.path,
        cookie: prepared.cookie,
        params: prepared.params,
        body: prepared.body ?? {},
        headers: { origin: "https://evil.example", "x-client-ip": freshIp() },
      });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe("forbidden");
      expect(res.body.error.message).toBe("已拒絕來自其他網站的請求");
      expect(res.setCookies).toEqual([]);
      expect(await prepared.state()).toEqual(before);
      // The cookie still works: nothing about the session changed either.
      expect((await call(userRoute.GET, { cookie: prepared.cookie })).status).toBe(200);
    });

    it("refuses Sec-Fetch-Site: cross-site and other foreign origins the same way", async () => {
      const prepared = await c.prepare();
      const before = await prepared.state();
      for (const headers of CROSS_SITE_HEADERS) {
        const res = await call(c.handler, {
          method: c.method,
          path: c.path,
          cookie: prepared.cookie,
          params: prepared.params,
          body: prepared.body ?? {},
          headers: { ...headers, "x-client-ip": freshIp() },
        });
        expect(res.status, JSON.stringify(headers)).toBe(403);
        expect(res.body.error.code).toBe("forbidden");
        expect(res.setCookies).toEqual([]);
      }
      expect(await prepared.state()).toEqual(before);
    });

    it("refuses a cross-site request even when signed out, before reading the body", async () => {
      const prepared = await c.prepare();
      const before = await prepared.state();
      const res = await call(c.handler, {
        method: c.method,
        path: c.path,
        params: prepared.params,
        rawBody: "{broken",
        headers: { origin: "https://evil.example", "content-type": "application/json", "x-client-ip": freshIp() },
      });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe("forbidden");
      expect(await prepared.state()).toEqual(before);
    });

    it("lets the same request through from this site's own origin", async () => {
      const prepared = await c.prepare();
      const res = await call(c.handler, {
        method: c.method,
        path: c.path,
        cookie: prepared.cookie,
        params: prepared.params,
        body: prepared.body ?? {},
        headers: { origin: "http://localhost:3000", "sec-fetch-site": "same-origin", "x-client-ip": freshIp() },
      });
      await prepared.allowed(res);
    });
  });
}

describe("POST /api/auth/{...nextauth}", () => {
  it("does not sign a user out from a cross-site POST without next-auth's CSRF token", async () => {
    const a = await seedUser({ role: "admin" });
    const res = await call(nextAuth.POST as unknown as Handler, {
      method: "POST",
      params: { nextauth: ["signout"] },
      path: "/api/auth/signout",
      cookie: a.cookie,
      rawBody: "",
      headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBeLessThan(500);
    const cleared = res.setCookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(cleared).toBeUndefined();
    expect((await call(userRoute.GET, { cookie: a.cookie })).status).toBe(200);
  });
});

describe("the Origin check compares scheme, host and port", () => {
  const request = (origin: string, headers: Record<string, string> = {}) =>
    new Request("http://internal:3000/api/user", { method: "POST", headers: { host: "docs.example.com", origin, ...headers } });
  const configured = { APP_URL: "https://docs.example.com", appUrlConfigured: true, TRUST_PROXY: false };

  it("against APP_URL's origin when the operator set it", () => {
    expect(isCrossSite(request("https://docs.example.com"), configured)).toBe(false);
    for (const origin of ["http://docs.example.com", "https://docs.example.com:8443", "https://evil.docs.example.com", "https://docs.example.com.evil.example", "wss://docs.example.com", "null"]) {
      expect(isCrossSite(request(origin), configured), origin).toBe(true);
    }
    // Port spelt out or not, the default port is the same origin.
    expect(isCrossSite(request("https://docs.example.com"), { ...configured, APP_URL: "https://docs.example.com:443" })).toBe(false);
  });

  it("against the address the request was made to when APP_URL is not set, over plain http unless a trusted proxy says https", () => {
    const unset = { APP_URL: "http://localhost:3000", appUrlConfigured: false, TRUST_PROXY: false };
    expect(isCrossSite(request("http://docs.example.com"), unset)).toBe(false);
    expect(isCrossSite(request("https://docs.example.com"), unset)).toBe(true);
    // Forwarded headers count only behind a proxy the operator trusts.
    const forwarded = { "x-forwarded-proto": "https", "x-forwarded-host": "public.example.com" };
    expect(isCrossSite(request("https://public.example.com", forwarded), unset)).toBe(true);
    expect(isCrossSite(request("https://public.example.com", forwarded), { ...unset, TRUST_PROXY: true })).toBe(false);
    expect(isCrossSite(request("http://public.example.com", forwarded), { ...unset, TRUST_PROXY: true })).toBe(true);
  });

  it("lets a request without Origin through (not sent by a browser's cross-site form) but not an empty one", () => {
    expect(isCrossSite(new Request("http://docs.example.com/api/user", { method: "POST", headers: { host: "docs.example.com" } }), configured)).toBe(false);
    expect(isCrossSite(request(""), configured)).toBe(true);
  });

  it("refuses https:// of this host on every mutating route when the site is served over http", async () => {
    const a = await seedUser({ role: "admin" });
    const res = await call(userRoute.PATCH, { method: "PATCH", cookie: a.cookie, body: { displayName: "Pwned" }, headers: { origin: "https://localhost:3000" } });
    expect(res.status).toBe(403);
    expect((await findUserById(a.user.id))?.displayName).not.toBe("Pwned");
  });
});
