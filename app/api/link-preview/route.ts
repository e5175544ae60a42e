import { z } from "zod";
import { AppError } from "@/lib/server/errors";
import { route } from "@/lib/server/http/route";
import { RATE_LIMITS } from "@/lib/server/policies/rate-limits";
import { OutboundRefused } from "@/lib/server/outbound/safe-fetch";
import { linkPreview, LinkPreviewFailed } from "@/lib/server/use-cases/preview-link";
import type { LinkPreview } from "@/lib/server/present/api-types";

// A user may not turn the server into a fetching proxy: a few previews a minute is plenty for chat.
const body = z.object({ url: z.string().trim().min(1).max(2_048) });

// POST /api/link-preview: title, site name, description and image of a web page.
export const POST = route({ auth: "workspace", body, limit: RATE_LIMITS.linkPreviews }, async ({ body }): Promise<LinkPreview> => {
  try {
    return await linkPreview(body.url);
  } catch (error) {
    if (error instanceof OutboundRefused) throw new AppError("bad_request", { messageKey: "link_refused", details: { reason: error.reason } });
    if (error instanceof LinkPreviewFailed) throw new AppError("unprocessable", { messageKey: "link_preview_failed" });
    throw error;
  }
});
