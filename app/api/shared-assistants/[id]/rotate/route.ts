import { AppError } from "@/lib/server/errors";
import { route } from "@/lib/server/http/route";
import { forgetSharePage } from "@/lib/server/policies/share-page";
import { replaceShareLink } from "@/lib/server/queries/shared-assistants";
import { toOwnerShare } from "@/lib/server/present/share";
import type { OwnerShare } from "@/lib/server/present/api-types";

// POST /api/shared-assistants/{shareId}/rotate: a new link for the share; the old one stops working.
export const POST = route({ auth: "workspace" }, async ({ params, user, locale }): Promise<OwnerShare> => {
  const share = await replaceShareLink(user.id, params.id);
  if (!share) throw new AppError("not_found", { messageKey: "share_not_found" });
  forgetSharePage(params.id, share.shareId);
  return toOwnerShare(share, locale);
});
