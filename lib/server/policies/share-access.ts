import "server-only";
import type { User } from "@/lib/server/db/schema";
import { AppError } from "@/lib/server/errors";
import { authorize } from "@/lib/server/policies/auth-requirement";
import type { CountLimit } from "@/lib/server/policies/rate-limits";
import { defaultAssistant, findAssistant, knowledgeOf, type Knowledge } from "@/lib/server/queries/assistants";
import { findActiveShare, type SharedAssistantRow } from "@/lib/server/queries/shared-assistants";

// Who may use a shared assistant, and whose documents answer: the one place the share routes and
// the suggestion/image routes (which serve both the workspace and a share) decide it.

/** A live share, or 404 (unknown, revoked or replaced link). */
export async function openShare(shareId: string): Promise<SharedAssistantRow> {
  const share = await findActiveShare(shareId);
  if (!share) throw new AppError("not_found", { messageKey: "share_not_found" });
  return share;
}

/** google_required: nothing costly until the visitor has signed in (the page then sends them to Google). */
export function requireVisitorSignIn(share: SharedAssistantRow, user: User | null) {
  if (share.accessMode === "google_required" && !user) throw new AppError("unauthorized", { messageKey: "sign_in_required", extra: { requireAuth: true } });
}

/**
 * What a share's visitors ask about: its assistant's knowledge as it is now (documents added to the
 * assistant later count, removed ones stop counting); none when it was shared without documents.
 */
export async function shareKnowledge(share: SharedAssistantRow): Promise<Knowledge | null> {
  if (!share.includeDocuments || !share.assistant) return null;
  return knowledgeOf({ ...share.assistant, ownerId: share.ownerId });
}

export interface HelperScope {
  /** The documents the questions or analysis draw on; null when the share answers without them. */
  knowledge: Knowledge | null;
  /** The assistant whose opening questions are kept. */
  assistantId: string | null;
  share: SharedAssistantRow | null;
  /** The caller may have cached work redone (the owner, not a visitor). */
  mayRegenerate: boolean;
}

/**
 * Scope of a suggestion or image call: the caller's own workspace, or with a share id the share
 * (open to visitors, and counted with `countLimit` — the route's limits per address and per link,
 * so a link cannot be used to run up its owner's bill — once the share is open to this caller).
 */
export async function helperScope(
  user: User | null,
  target: { shareId?: string; assistantId?: string },
  options: { signInRequired: boolean; countLimit: CountLimit },
): Promise<HelperScope> {
  const { shareId } = target;
  if (shareId === undefined) {
    // Without a share id: the workspace rule of the authenticated routes, for one of the caller's assistants.
    await authorize("workspace", user);
    const assistant = target.assistantId ? await findAssistant(user!.id, target.assistantId) : await defaultAssistant(user!.id);
    if (!assistant) throw new AppError("not_found", { messageKey: "assistant_not_found" });
    return { knowledge: await knowledgeOf(assistant), assistantId: assistant.id, share: null, mayRegenerate: true };
  }
  const share = await openShare(shareId);
  if (options.signInRequired) requireVisitorSignIn(share, user);
  await options.countLimit({ link: share.id });
  return { knowledge: await shareKnowledge(share), assistantId: share.assistant?.id ?? null, share, mayRegenerate: user?.id === share.ownerId };
}
