import { AppError } from "@/lib/server/http/errors";
import { route } from "@/lib/server/http/route";
import { forgetEmbedOrigins } from "@/lib/server/policies/share-embedding";
import { replaceShareLink } from "@/lib/server/queries/shared-assistants";
import { toOwnerShare } from "@/lib/server/present/share";

// POST /api/shared-assistants/{shareId}/rotate: a new link for the share; the old one stops working.
export const POST = route({ auth: "workspace" }, async ({ params, user, locale }) => {
  const share = await replaceShareLink(user.id, params.id);
  if (!share) throw new AppError("not_found", { messageKey: "share_not_found" });
  forgetEmbedOrigins(params.id, share.shareId);
  return toOwnerShare(share, locale);
});
