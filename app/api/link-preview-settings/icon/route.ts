import { CUSTOM_ICON_MAX_BYTES } from "@/lib/constants";
import { AppError } from "@/lib/server/errors";
import { readMultipartFile } from "@/lib/server/http/multipart";
import { route } from "@/lib/server/http/route";
import { assistantQuerySchema } from "@/lib/schemas/assistants";
import { inspectImage } from "@/lib/server/use-cases/analyze-image";
import { ownAssistant } from "@/lib/server/use-cases/read-assistant-profile";
import { changeLinkPreviewSettings } from "@/lib/server/use-cases/save-link-preview-settings";
import type { LinkPreviewSettings } from "@/lib/server/present/api-types";

const ICON = { maxBytes: CUSTOM_ICON_MAX_BYTES, tooLargeKey: "icon_too_large", formatKey: "icon_format" };

// POST /api/link-preview-settings/icon(?assistantId=): multipart "icon" (an image, at most 5 MB) becomes the custom icon and switches it on.
export const POST = route({ auth: "workspace", rawBody: true, query: assistantQuerySchema }, async ({ req, user, query }): Promise<LinkPreviewSettings> => {
  const assistant = await ownAssistant(user.id, query.assistantId);
  const { file } = await readMultipartFile(req, {
    field: "icon",
    maxFileBytes: CUSTOM_ICON_MAX_BYTES,
    missing: new AppError("bad_request", { messageKey: "icon_format" }),
    tooLarge: new AppError("payload_too_large", { messageKey: "icon_too_large" }),
  });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const { type } = await inspectImage(bytes, ICON);
  return changeLinkPreviewSettings(user.id, assistant.id, { customIcon: `data:${type};base64,${Buffer.from(bytes).toString("base64")}`, useCustomIcon: true });
});

// DELETE /api/link-preview-settings/icon: removes the custom icon, which switches it off.
export const DELETE = route({ auth: "workspace", query: assistantQuerySchema }, async ({ user, query }): Promise<LinkPreviewSettings> =>
  changeLinkPreviewSettings(user.id, (await ownAssistant(user.id, query.assistantId)).id, { customIcon: null }),
);
