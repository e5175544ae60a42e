import { z } from "zod";
import { EXPORT_FORMATS } from "@/lib/constants";
import { attachmentDisposition } from "@/lib/server/http/attachment";
import { route } from "@/lib/server/http/route";
import { ownConversation } from "@/lib/server/queries/messages";
import { exportOwnConversation } from "@/lib/server/use-cases/export-conversation";
import { ownAssistant } from "@/lib/server/use-cases/read-assistant-profile";

const query = z.object({ format: z.enum(EXPORT_FORMATS), assistantId: z.string().max(100).optional() });

// GET /api/messages/export?format=txt|md|html|docx|pdf(&assistantId=): the caller's conversation with
// that assistant (or their default one) as a file.
export const GET = route({ auth: "workspace", query }, async ({ user, query, locale }) => {
  const file = await exportOwnConversation({ conversation: ownConversation(await ownAssistant(user.id, query.assistantId)), locale, format: query.format });
  return new Response(new Blob([file.body as Uint8Array<ArrayBuffer>]), {
    headers: {
      "content-type": file.contentType,
      "content-disposition": attachmentDisposition(file.fileName),
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
});
