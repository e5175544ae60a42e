import { route } from "@/lib/server/http/route";
import { listDocumentsWithUse } from "@/lib/server/use-cases/list-documents";
import type { DocumentWithUse } from "@/lib/server/present/api-types";

// GET /api/documents: the caller's documents, newest first, with the collections and assistants that use each.
export const GET = route({ auth: "workspace" }, async ({ user }): Promise<DocumentWithUse[]> => listDocumentsWithUse(user.id));
