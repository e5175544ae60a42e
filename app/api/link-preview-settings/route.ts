import { z } from "zod";
import { PREVIEW_STYLES } from "@/lib/constants";
import { AppError } from "@/lib/server/http/errors";
import { route } from "@/lib/server/http/route";
import { findLinkPreviewSettings, saveLinkPreviewSettings } from "@/lib/server/queries/assistant-settings";

const body = z.object({ style: z.enum(PREVIEW_STYLES).optional(), useCustomIcon: z.boolean().optional() }).strict();

// GET /api/link-preview-settings: the caller's link-card style and custom icon.
export const GET = route({ auth: "workspace" }, async ({ user }) => findLinkPreviewSettings(user.id));

// PUT /api/link-preview-settings: style and the custom-icon switch (on only while an icon exists).
export const PUT = route({ auth: "workspace", body }, async ({ user, body }) => {
  if (body.useCustomIcon && !(await findLinkPreviewSettings(user.id)).customIcon) throw new AppError("bad_request", { messageKey: "icon_required" });
  return saveLinkPreviewSettings(user.id, body);
});
