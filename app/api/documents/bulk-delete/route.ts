import { z } from "zod";
import { BULK_DELETE_MAX } from "@/lib/constants";
import { route } from "@/lib/server/http/route";
import { removeDocuments } from "@/lib/server/use-cases/remove-documents";
import { toBulkDeleteResult } from "@/lib/server/present/document";
import type { BulkDeleteResult } from "@/lib/server/present/api-types";

const bodySchema = z.object({ ids: z.array(z.string().min(1).max(100)).min(1).max(BULK_DELETE_MAX) }).strict();

// POST /api/documents/bulk-delete: deletes several documents; reports each one's result.
export const POST = route({ auth: "workspace", body: bodySchema }, async ({ user, body }): Promise<BulkDeleteResult> =>
  toBulkDeleteResult(await removeDocuments(user.id, [...new Set(body.ids)])),
);
