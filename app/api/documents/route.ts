import { route } from "@/lib/server/http/route";
import { listDocuments } from "@/lib/server/queries/documents";
import { toPublicDocument } from "@/lib/server/present/document";

// GET /api/documents: the caller's documents, newest first.
export const GET = route({ auth: "workspace" }, async ({ user }) => (await listDocuments(user.id)).map(toPublicDocument));
