import { z } from "zod";
import { EXPORT_FORMATS } from "@/lib/constants";
import { route } from "@/lib/server/http/route";
import { exportOwnConversation } from "@/lib/server/use-cases/export-conversation";

const query = z.object({ format: z.enum(EXPORT_FORMATS) });

/** attachment; with an ASCII fallback name and the real (localized) one encoded per RFC 5987. */
function disposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

// GET /api/messages/export?format=txt|md|html|docx|pdf: the caller's conversation as a file.
export const GET = route({ auth: "workspace", query }, async ({ user, query, locale }) => {
  const file = await exportOwnConversation({ ownerId: user.id, locale, format: query.format });
  return new Response(new Blob([file.body as Uint8Array<ArrayBuffer>]), {
    headers: {
      "content-type": file.contentType,
      "content-disposition": disposition(file.fileName),
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
});
