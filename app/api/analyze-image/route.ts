import { z } from "zod";
import { CHAT_IMAGE_MAX_BYTES, MESSAGE_MAX_LENGTH } from "@/lib/constants";
import { AppError } from "@/lib/server/errors";
import { readMultipartFile } from "@/lib/server/http/multipart";
import { route } from "@/lib/server/http/route";
import { analyzeImage } from "@/lib/server/use-cases/analyze-image";
import { RATE_LIMITS } from "@/lib/server/policies/rate-limits";
import { helperScope } from "@/lib/server/policies/share-access";

// POST /api/analyze-image: multipart "image" (and optional "message") → { analysis }. On a shared
// page the share id comes in the query (?shareId=), so access is settled before the body is read.
export const POST = route(
  {
    auth: "public",
    rawBody: true,
    query: z.object({ shareId: z.string().max(100).optional(), assistantId: z.string().max(100).optional() }),
    limit: [RATE_LIMITS.shareImageAnalysesPerIp, RATE_LIMITS.shareImageAnalysesPerLink],
  },
  async ({ req, user, query, locale, countLimit }) => {
    const scope = await helperScope(user, query, { signInRequired: true, countLimit });
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
      // The owner's account carries the cost of their share's visitors.
      userId: scope.share ? scope.share.ownerId : user!.id,
      sharedAssistantId: scope.share?.id ?? null,
      locale,
      bytes: new Uint8Array(await file.arrayBuffer()),
      message: typeof message === "string" ? message.replaceAll("\u0000", "") : undefined,
      route: "/api/analyze-image",
    });
    return { analysis };
  },
);
