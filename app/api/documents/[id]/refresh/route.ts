import { route } from "@/lib/server/http/route";
import { toPublicDocument } from "@/lib/server/present/document";
import { refreshWebPage } from "@/lib/server/use-cases/add-web-page";

// POST /api/documents/{id}/refresh: fetches a web-page document again into the same document.
// Counted with adding pages: each is a fetch of someone else's page.
export const POST = route({ auth: "workspace", limit: { name: "web-page", per: "user", max: 20 } }, async ({ user, params }) => {
  const { document, unchanged } = await refreshWebPage({ user, documentId: params.id });
  return { document: toPublicDocument(document), unchanged };
});
