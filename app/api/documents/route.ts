import { route } from "@/lib/server/http/route";
import { listDocumentsWithUse } from "@/lib/server/use-cases/list-documents";

// GET /api/documents: the caller's documents, newest first, with the collections and assistants that use each.
export const GET = route({ auth: "workspace" }, async ({ user }) => listDocumentsWithUse(user.id));
