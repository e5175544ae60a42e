import { CHAT_IMAGE_MAX_BYTES, MESSAGE_MAX_LENGTH, MULTIPART_OVERHEAD_BYTES } from "@/lib/constants";
import { AppError } from "@/lib/server/http/errors";
import { route } from "@/lib/server/http/route";
import { analyzeImage } from "@/lib/server/services/analyze-image";

// POST /api/analyze-image: multipart "image" (and optional "message") → { analysis }.
export const POST = route({ auth: "workspace", rawBody: true }, async ({ req, user, locale }) => {
  const declared = Number(req.headers.get("content-length"));
  if (!Number.isFinite(declared) || declared <= 0 || !(req.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
    throw new AppError("bad_request", { messageKey: "missing_image" });
  }
  // Refused unread when it cannot hold an image within the limit.
  if (declared > CHAT_IMAGE_MAX_BYTES + MESSAGE_MAX_LENGTH * 4 + MULTIPART_OVERHEAD_BYTES) throw new AppError("payload_too_large", { messageKey: "image_too_large" });
  let form: FormData;
  try {
    form = await req.formData();
  } catch {
    throw new AppError("bad_request", { messageKey: "missing_image" });
  }
  const image = form.get("image");
  if (!(image instanceof File)) throw new AppError("bad_request", { messageKey: "missing_image" });
  const message = form.get("message");
  if (typeof message === "string" && message.length > MESSAGE_MAX_LENGTH) throw new AppError("validation", { messageKey: "message_too_long" });
  const analysis = await analyzeImage({
    userId: user.id,
    locale,
    bytes: new Uint8Array(await image.arrayBuffer()),
    message: typeof message === "string" ? message.replaceAll("\u0000", "") : undefined,
    route: "/api/analyze-image",
  });
  return { analysis };
});
