import { env } from "@/lib/env";
import { updateShareSchema } from "@/lib/schemas/shared-assistant";
import { AppError } from "@/lib/server/errors";
import { route } from "@/lib/server/http/route";
import { assertAccessModeAvailable } from "@/lib/server/policies/share-access-mode";
import { forgetSharePage } from "@/lib/server/policies/share-page";
import { findActiveShare, revokeOwnerShare } from "@/lib/server/queries/shared-assistants";
import { changeShare } from "@/lib/server/use-cases/save-share";
import { toOwnerShare, toVisitorShare } from "@/lib/server/present/share";
import type { OwnerShare, VisitorShare } from "@/lib/server/present/api-types";

// The path segment is the share id of the public link (/shared/{shareId}).

// GET /api/shared-assistants/{shareId}: what a visitor needs to open the shared assistant.
export const GET = route({ auth: "public" }, async ({ params, user, locale }): Promise<VisitorShare> => {
  const share = await findActiveShare(params.id);
  if (!share) throw new AppError("not_found", { messageKey: "share_not_found" });
  return toVisitorShare(share, user?.id ?? null, locale);
});

// PATCH /api/shared-assistants/{shareId}: the owner changes its assistant, name, role, modes, the
// announcement or the sites that may embed it.
export const PATCH = route({ auth: "workspace", body: updateShareSchema }, async ({ params, user, body, locale }): Promise<OwnerShare> => {
  const current = await findActiveShare(params.id);
  if (!current || current.ownerId !== user.id) throw new AppError("not_found", { messageKey: "share_not_found" });
  // Whether the share already had the mode (it may keep it).
  if (body.accessMode === "google_required" && !env.googleEnabled) assertAccessModeAvailable({ requested: body.accessMode, current: current.accessMode, googleEnabled: false });
  const share = await changeShare({ ownerId: user.id, locale, shareId: params.id, current, changes: body });
  if (!share) throw new AppError("not_found", { messageKey: "share_not_found" });
  // The share page's next visit on this instance frames (or refuses) with the new list.
  if (body.embedOrigins) forgetSharePage(share.shareId);
  return toOwnerShare(share, locale);
});

// DELETE /api/shared-assistants/{shareId}: revokes the link; it answers 404 from now on.
export const DELETE = route({ auth: "workspace" }, async ({ params, user }) => {
  if (!(await revokeOwnerShare(user.id, params.id))) throw new AppError("not_found", { messageKey: "share_not_found" });
  forgetSharePage(params.id);
  return { ok: true };
});
