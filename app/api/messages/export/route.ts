import { z } from "zod";
import { EXPORT_FORMATS } from "@/lib/constants";
import { attachmentDisposition } from "@/lib/server/http/attachment";
import { route } from "@/lib/server/http/route";
import { exportOwnConversation } from "@/lib/server/use-cases/export-conversation";

const query = z.object({ format: z.enum(EXPORT_FORMATS) });

// GET /api/messages/export?format=txt|md|html|docx|pdf: the caller's conversation as a file.
export const GET = route({ auth: "workspace", query }, async ({ user, query, locale }) => {
  const file = await exportOwnConversation({ ownerId: user.id, locale, format: query.format });
  return new Response(new Blob([file.body as Uint8Array<ArrayBuffer>]), {
    headers: {
      "content-type": file.contentType,
      "content-disposition": attachmentDisposition(file.fileName),
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
});
