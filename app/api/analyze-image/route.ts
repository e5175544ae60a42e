import { CHAT_IMAGE_MAX_BYTES, MESSAGE_MAX_LENGTH } from "@/lib/constants";
import { AppError } from "@/lib/server/http/errors";
import { readMultipartFile } from "@/lib/server/http/multipart";
import { route } from "@/lib/server/http/route";
import { analyzeImage } from "@/lib/server/services/analyze-image";

// POST /api/analyze-image: multipart "image" (and optional "message") → { analysis }.
export const POST = route({ auth: "workspace", rawBody: true }, async ({ req, user, locale }) => {
  // Refused unread when it cannot hold an image within the limit.
  const { file, form } = await readMultipartFile(req, {
    field: "image",
    maxFileBytes: CHAT_IMAGE_MAX_BYTES,
    extraBytes: MESSAGE_MAX_LENGTH * 4,
    missing: new AppError("bad_request", { messageKey: "missing_image" }),
    tooLarge: new AppError("payload_too_large", { messageKey: "image_too_large" }),
  });
  const message = form.get("message");
  if (typeof message === "string" && message.length > MESSAGE_MAX_LENGTH) throw new AppError("validation", { messageKey: "message_too_long" });
  const analysis = await analyzeImage({
    userId: user.id,
    locale,
    bytes: new Uint8Array(await file.arrayBuffer()),
    message: typeof message === "string" ? message.replaceAll("\u0000", "") : undefined,
    route: "/api/analyze-image",
  });
  return { analysis };
});
