import { z } from "zod";
import { PREVIEW_STYLES } from "@/lib/constants";
import { assistantQuerySchema } from "@/lib/schemas/assistants";
import { AppError } from "@/lib/server/errors";
import { route } from "@/lib/server/http/route";
import { linkPreviewSettingsOf } from "@/lib/server/queries/assistants";
import { ownAssistant } from "@/lib/server/use-cases/read-assistant-profile";
import { changeLinkPreviewSettings } from "@/lib/server/use-cases/save-link-preview-settings";
import type { LinkPreviewSettings } from "@/lib/server/present/api-types";

const body = z.object({ style: z.enum(PREVIEW_STYLES).optional(), useCustomIcon: z.boolean().optional() }).strict();

// An assistant's link cards (?assistantId=, or the caller's default assistant).

// GET /api/link-preview-settings: the link-card style and custom icon.
export const GET = route({ auth: "workspace", query: assistantQuerySchema }, async ({ user, query }): Promise<LinkPreviewSettings> => linkPreviewSettingsOf(await ownAssistant(user.id, query.assistantId)));

// PUT /api/link-preview-settings: style and the custom-icon switch (on only while an icon exists).
export const PUT = route({ auth: "workspace", body, query: assistantQuerySchema }, async ({ user, body, query }): Promise<LinkPreviewSettings> => {
  const assistant = await ownAssistant(user.id, query.assistantId);
  if (body.useCustomIcon && !assistant.customIcon) throw new AppError("bad_request", { messageKey: "icon_required" });
  return changeLinkPreviewSettings(user.id, assistant.id, body);
});
