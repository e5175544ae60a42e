import { CUSTOM_ICON_MAX_BYTES, MULTIPART_OVERHEAD_BYTES } from "@/lib/constants";
import { AppError } from "@/lib/server/http/errors";
import { route } from "@/lib/server/http/route";
import { saveLinkPreviewSettings } from "@/lib/server/queries/assistant-settings";
import { inspectImage } from "@/lib/server/services/analyze-image";

const ICON = { maxBytes: CUSTOM_ICON_MAX_BYTES, tooLargeKey: "icon_too_large", formatKey: "icon_format" };

// POST /api/link-preview-settings/icon: multipart "icon" (an image, at most 5 MB) becomes the custom icon and switches it on.
export const POST = route({ auth: "workspace", rawBody: true }, async ({ req, user }) => {
  const declared = Number(req.headers.get("content-length"));
  if (!Number.isFinite(declared) || declared <= 0 || !(req.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
    throw new AppError("bad_request", { messageKey: "icon_format" });
  }
  if (declared > CUSTOM_ICON_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) throw new AppError("payload_too_large", { messageKey: "icon_too_large" });
  let form: FormData;
  try {
    form = await req.formData();
  } catch {
    throw new AppError("bad_request", { messageKey: "icon_format" });
  }
  const file = form.get("icon");
  if (!(file instanceof File)) throw new AppError("bad_request", { messageKey: "icon_format" });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const { type } = await inspectImage(bytes, ICON);
  return saveLinkPreviewSettings(user.id, { customIcon: `data:${type};base64,${Buffer.from(bytes).toString("base64")}`, useCustomIcon: true });
});

// DELETE /api/link-preview-settings/icon: removes the custom icon, which switches it off.
export const DELETE = route({ auth: "workspace" }, async ({ user }) => saveLinkPreviewSettings(user.id, { customIcon: null }));
