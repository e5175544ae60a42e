import { CUSTOM_ICON_MAX_BYTES } from "@/lib/constants";
import { AppError } from "@/lib/server/http/errors";
import { readMultipartFile } from "@/lib/server/http/multipart";
import { route } from "@/lib/server/http/route";
import { saveLinkPreviewSettings } from "@/lib/server/queries/assistant-settings";
import { inspectImage } from "@/lib/server/use-cases/analyze-image";

const ICON = { maxBytes: CUSTOM_ICON_MAX_BYTES, tooLargeKey: "icon_too_large", formatKey: "icon_format" };

// POST /api/link-preview-settings/icon: multipart "icon" (an image, at most 5 MB) becomes the custom icon and switches it on.
export const POST = route({ auth: "workspace", rawBody: true }, async ({ req, user }) => {
  const { file } = await readMultipartFile(req, {
    field: "icon",
    maxFileBytes: CUSTOM_ICON_MAX_BYTES,
    missing: new AppError("bad_request", { messageKey: "icon_format" }),
    tooLarge: new AppError("payload_too_large", { messageKey: "icon_too_large" }),
  });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const { type } = await inspectImage(bytes, ICON);
  return saveLinkPreviewSettings(user.id, { customIcon: `data:${type};base64,${Buffer.from(bytes).toString("base64")}`, useCustomIcon: true });
});

// DELETE /api/link-preview-settings/icon: removes the custom icon, which switches it off.
export const DELETE = route({ auth: "workspace" }, async ({ user }) => saveLinkPreviewSettings(user.id, { customIcon: null }));
