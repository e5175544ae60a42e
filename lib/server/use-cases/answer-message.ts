import "server-only";
import { pageUnitOf } from "@/lib/chat/page-unit";
import { splitImageAnalysis } from "@/lib/chat/compose-message";
import type { ModelMessage } from "ai";
import { CHAT_HISTORY_TURNS, type Locale } from "@/lib/constants";
import type { User } from "@/lib/server/db/schema";
import { answerInstructions } from "@/lib/server/ai/prompts";
import { resolveModel } from "@/lib/server/ai/providers";
import { ModelCallError, runModel } from "@/lib/server/ai/run-model";
import type { OfflineTask } from "@/lib/server/ai/offline/offline-model";
import { toOfflinePassages } from "@/lib/server/ai/offline/compose-answer";
import { questionLanguage } from "@/lib/server/ai/offline/text-shapes";
import { translator } from "@/lib/server/i18n";
import { processedDocumentNames } from "@/lib/server/queries/documents";
import { knowledgeOf, type AssistantRow } from "@/lib/server/queries/assistants";
import { randomUUID } from "node:crypto";
import {
  conversationFields,
  countShareMessage,
  ownConversation,
  findExchangeByClientId,
  inConversation,
  insertExchange,
  recentConversation,
  type ConversationKey,
  type MessageRow,
  type NewMessage,
} from "@/lib/server/queries/messages";
import type { SharedAssistantRow } from "@/lib/server/queries/shared-assistants";
import { shareKnowledge } from "@/lib/server/policies/share-access";
import { profileOf, shareProfile } from "@/lib/server/present/assistant";
import { citedPages } from "@/lib/server/ingest/cited-pages";
import { oneSourcePerDocument } from "@/lib/chat/one-source-per-document";
import { toPublicMessage, type MessageSource, type PublicMessage } from "@/lib/server/present/message";
import type { Passage } from "@/lib/server/use-cases/retrieve-passages";
import { searchKnowledge } from "@/lib/server/use-cases/search-knowledge";
import type { AnswerSignal } from "@/lib/server/ai/answer-signal";
import { withoutMark } from "@/lib/server/ai/not-in-documents";
import { sameQuestion } from "@/lib/server/ai/question-match";
import { listCuratedAnswers } from "@/lib/server/queries/curated-answers";
import { rewardInviterIfEarned } from "@/lib/server/use-cases/reward-inviter";
import { log } from "@/lib/server/log";

/**
 * Whose assistant answers, from which documents, into which conversation: the owner's own chat
 * with one of their assistants, or a share (its assistant's knowledge when it includes documents,
 * its own name and role where it has them, the visitor's conversation, or none in public mode).
 */
export type AnswerScope =
  | { kind: "own"; owner: User; assistant: AssistantRow }
  | { kind: "share"; share: SharedAssistantRow; conversation: ConversationKey | null; visitorUserId: string | null }
  // A program with one of the assistant's API keys: its knowledge, name and role, as its share
  // answers; the conversation so far comes with the request and nothing is stored.
  | { kind: "api"; apiKeyId: string; owner: User; assistant: AssistantRow; history: readonly ApiTurn[] };

/** A turn of a conversation a program sends with its question. */
export interface ApiTurn {
  role: "user" | "assistant";
  content: string;
}

export interface AnswerRequest {
  scope: AnswerScope;
  locale: Locale;
  content: string;
  imageData?: string | null;
  imageFileName?: string | null;
  /** Makes a retried send create one exchange (docs/rules/security.md#reliability). */
  clientId?: string;
  /** Receives the reply while it is generated (streaming responses). */
  onDelta?: (text: string) => void;
}

export interface AnswerResult {
  userMessage: PublicMessage;
  aiMessage: PublicMessage;
  /** The model's token counts (0 when it failed). */
  usage: { inputTokens: number; outputTokens: number };
  /** Set when the model failed: aiMessage is then an error reply (isError). */
  error?: string;
}

// What the user's turn says to a hosted model when they sent an image with no words.
const IMAGE_ONLY_TURN: Record<Locale, string> = { "zh-TW": "（傳送了一張圖片）", en: "(sent an image)" };

// Sources are the passages a reply cites as [n], each on the page or pages of what the reply quotes
// from it; a reply that cites none shows none.
const CITATION = /\[(\d{1,2})\]/g;

function sourcesFor(text: string, passages: Passage[]): MessageSource[] {
  const cited = new Set<number>();
  for (const match of text.matchAll(CITATION)) {
    const n = Number(match[1]);
    if (n >= 1 && n <= passages.length) cited.add(n);
  }
  return [...cited].sort((a, b) => a - b).map((n) => {
    const p = passages[n - 1];
    const { page, pageEnd } = citedPages(text, n, p);
    const unit = pageUnitOf(p.documentKind);
    return { n, documentId: p.documentId, documentName: p.documentName, page, pageEnd, ...(unit !== "page" && { pageUnit: unit }), quote: p.content, ...(p.sourceUrl ? { sourceUrl: p.sourceUrl } : {}) };
  });
}

function historyMessages(rows: MessageRow[]): ModelMessage[] {
  // Error replies are ours, not the model's: leave them and their questions out.
  const kept: ModelMessage[] = [];
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    if (row.role === "user" && rows[i + 1]?.role === "assistant" && rows[i + 1].isError) {
      i++;
      continue;
    }
    kept.push({ role: row.role, content: row.content });
  }
  return kept;
}

/**
 * A send retried with the same client id is answered with what was stored. Only within the same
 * conversation: anyone else presenting that id learns nothing and gets a fresh answer (stored
 * without the id, which is taken).
 */
async function existingExchange(clientId: string, conversation: ConversationKey | null): Promise<{ previous?: AnswerResult; idTaken: boolean }> {
  const { question, reply } = await findExchangeByClientId(clientId);
  if (!question && !reply) return { idTaken: false };
  const mine = conversation !== null && question !== undefined && reply !== undefined && inConversation(question, conversation) && inConversation(reply, conversation);
  return mine ? { previous: { userMessage: toPublicMessage(question), aiMessage: toPublicMessage(reply), usage: { inputTokens: 0, outputTokens: 0 } }, idTaken: true } : { idTaken: true };
}

/**
 * Answers a message in the owner's own conversation: retrieves passages from their processed
 * documents, asks the model (hosted or offline) with their assistant's name and role prompt, and
 * stores the question with the reply and its sources. A model failure becomes a stored error reply
 * rather than an exception, so the question is never lost.
 */
export async function answerMessage(input: AnswerRequest): Promise<AnswerResult> {
  let request = input;
  const { scope } = request;
  // The assistant itself answers (not a share of it): in its owner's chat or to a key's program.
  const direct = scope.kind !== "share";
  const conversation: ConversationKey | null = scope.kind === "own" ? ownConversation(scope.assistant) : scope.kind === "share" ? scope.conversation : null;
  if (request.clientId) {
    const { previous, idTaken } = await existingExchange(request.clientId, conversation);
    if (previous) return previous;
    if (idTaken) request = { ...request, clientId: undefined };
  }
  const receivedAt = new Date();
  // An assistant answers from its own knowledge only; a share from its assistant's, when it was shared with documents.
  const knowledge = direct ? await knowledgeOf(scope.assistant) : await shareKnowledge(scope.share);
  // The documents are searched for the user's own words; an image's analysis answers what is asked about the image.
  const { question: searchFor, analysis: imageAnalysis } = splitImageAnalysis(request.content);
  // The offline model answers from the passages alone: no need to read the conversation for it.
  const hosted = !(await resolveModel("chat")).offline;
  const usesHistory = (conversation !== null || scope.kind === "api") && hosted;
  // An answer the assistant's owner wrote for this question (or one asked in other words) is the reply.
  const assistantId = direct ? scope.assistant.id : scope.share.assistantId;
  const curated = assistantId && searchFor && !imageAnalysis ? sameQuestion(searchFor, await listCuratedAnswers(assistantId)) : null;
  // Who a model call is made for: counted in the usage screen under them.
  const accounting = {
    route: scope.kind === "own" ? "/api/messages" : scope.kind === "api" ? "/api/v1/chat/completions" : "/api/shared-assistants/messages",
    // A key's calls count under its owner and assistant; every chat call under the assistant it asks.
    userId: scope.kind === "share" ? scope.visitorUserId : scope.owner.id,
    sharedAssistantId: scope.kind === "share" ? scope.share.id : null,
    apiKeyId: scope.kind === "api" ? scope.apiKeyId : null,
    assistantId: scope.kind === "share" ? (scope.share.assistant?.id ?? null) : scope.assistant.id,
  };
  const [profile, history, found] = await Promise.all([
    direct ? profileOf(scope.assistant, request.locale) : shareProfile(scope.share, request.locale),
    !usesHistory ? [] : scope.kind === "api" ? scope.history.slice(-CHAT_HISTORY_TURNS * 2) : recentConversation(conversation!, CHAT_HISTORY_TURNS * 2),
    // With an AI service, a question the documents do not answer in its own language is also searched in the other.
    knowledge && searchFor && !curated ? searchKnowledge(knowledge, searchFor, hosted ? accounting : null) : null,
  ]);
  const passages = found?.passages ?? [];
  // The document names matter only when no passage matched (to say what the documents are); with
  // passages, theirs are enough and a busy share skips the query.
  const documentNames =
    passages.length > 0
      ? [...new Set(passages.map((p) => p.documentName))]
      : knowledge
        ? await processedDocumentNames(knowledge)
        : [];

  const offline: OfflineTask = {
    task: "answer",
    // As the hosted model is told: in the reader's language unless the question is in the other.
    // (With an image, its analysis, made in the reader's language, is quoted: the frame stays in it.)
    locale: (!imageAnalysis && questionLanguage(searchFor)) || request.locale,
    question: searchFor,
    assistantName: profile.name,
    rolePrompt: profile.rolePrompt,
    passages: toOfflinePassages(passages),
    documentNames,
    image: imageAnalysis,
  };

  // Whether the documents held the answer, as retrieval sees it; a hosted model may still say they do not.
  let answerSignal: AnswerSignal | null = !searchFor ? null : (found?.signal ?? "not_answered");
  const mark = withoutMark(request.onDelta);

  let text: string;
  let isError = false;
  let error: string | undefined;
  let sources: MessageSource[] = [];
  let usage = { inputTokens: 0, outputTokens: 0 };
  if (curated) {
    text = curated.answer;
    answerSignal = "answered";
    request.onDelta?.(text);
  } else {
    try {
      const reply = await runModel({
        purpose: "chat",
        ...accounting,
        instructions: answerInstructions({ assistantName: profile.name, rolePrompt: profile.rolePrompt, locale: request.locale, passages, documentNames, imageDescription: imageAnalysis }),
        // The image's description is in the instructions; the user's turn is their words (or that they sent an image).
        messages: [...(scope.kind === "api" ? (history as ApiTurn[]) : historyMessages(history as MessageRow[])), { role: "user", content: searchFor || (imageAnalysis ? IMAGE_ONLY_TURN[request.locale] : request.content) }],
        // Plain data (the provider-options type wants an index signature an interface does not have).
        providerOptions: { offline: { ...offline, passages: offline.passages.map((p) => ({ ...p })) } },
        onDelta: mark.push,
      });
      const unmarked = mark.finish(reply.text);
      if (unmarked.marked) answerSignal = "not_answered";
      usage = { inputTokens: reply.inputTokens, outputTokens: reply.outputTokens };
      ({ text, sources } = passages.length > 0 ? oneSourcePerDocument(unmarked.text, sourcesFor(unmarked.text, passages)) : { text: unmarked.text, sources: [] });
    } catch (failure) {
      if (!(failure instanceof ModelCallError)) throw failure;
      const t = translator(request.locale);
      text = t("chat.errorReply");
      isError = true;
      answerSignal = null;
      error = t(failure.outcome === "timeout" ? "chat.errorTimeout" : failure.outcome === "rate_limited" ? "chat.errorBusy" : "chat.errorFailed");
    }
  }

  const repliedAt = new Date(Math.max(Date.now(), receivedAt.getTime() + 1));
  const question: NewMessage = {
    id: randomUUID(),
    ...(conversation ? conversationFields(conversation) : {}),
    role: "user",
    content: request.content,
    imageData: request.imageData ?? null,
    imageFileName: request.imageFileName ?? null,
    clientId: request.clientId ?? null,
    createdAt: receivedAt,
  };
  const reply: NewMessage = {
    ...(conversation ? conversationFields(conversation) : {}),
    role: "assistant",
    content: text,
    isError,
    sources,
    answerSignal,
    replyTo: question.id,
    curatedAnswerId: curated?.id ?? null,
    clientId: request.clientId ? `${request.clientId}:reply` : null,
    createdAt: repliedAt,
  };
  if (scope.kind === "share") await countShareMessage(scope.share.id);
  // Public mode keeps no per-visitor history: the exchange is answered, not stored.
  const [userRow, replyRow] = conversation ? await storeExchange(question, reply, conversation) : [unsaved(question), unsaved(reply)];
  // A signed-in person's first stored question is real use of the product: their inviter may earn their days now.
  const asker = scope.kind === "own" ? scope.owner.id : scope.kind === "share" && conversation ? scope.visitorUserId : null;
  if (asker && !isError) await rewardInviterIfEarned(asker).catch((failure) => log.error("referral reward not given", { userId: asker, error: failure }));
  return { userMessage: toPublicMessage(userRow), aiMessage: toPublicMessage(replyRow), usage, ...(error ? { error } : {}) };
}

const UNIQUE_VIOLATION = "23505";

/**
 * Stores the exchange. The same send arriving twice at once (a retry racing the original) finds
 * its client id taken when it stores: it answers with the stored exchange when that is in its own
 * conversation, and otherwise is kept without the id.
 */
async function storeExchange(question: NewMessage, reply: NewMessage, conversation: ConversationKey): Promise<[MessageRow, MessageRow]> {
  try {
    return await insertExchange(question, reply);
  } catch (error) {
    // Drizzle wraps the driver's error; the PostgreSQL code is on it or on its cause.
    const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
    if (code !== UNIQUE_VIOLATION || !question.clientId) throw error;
    const { question: stored, reply: storedReply } = await findExchangeByClientId(question.clientId);
    if (stored && storedReply && inConversation(stored, conversation) && inConversation(storedReply, conversation)) return [stored, storedReply];
    return insertExchange({ ...question, clientId: null }, { ...reply, clientId: null });
  }
}

function unsaved(message: NewMessage): MessageRow {
  return {
    ownerId: null,
    sharedAssistantId: null,
    sessionId: null,
    guestUserId: null,
    registeredUserId: null,
    imageData: null,
    imageFileName: null,
    isError: false,
    sources: [],
    rating: null,
    ratingComment: null,
    ratedAt: null,
    ...message,
    id: message.id ?? randomUUID(),
    clientId: null,
    createdAt: message.createdAt ?? new Date(),
  } as MessageRow;
}
