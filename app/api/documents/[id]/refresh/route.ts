import type { WebPageRefreshed } from "@/lib/server/present/api-types";
import { route } from "@/lib/server/http/route";
import { RATE_LIMITS } from "@/lib/server/policies/rate-limits";
import { toPublicDocument } from "@/lib/server/present/document";
import { refreshWebPage } from "@/lib/server/use-cases/add-web-page";

// POST /api/documents/{id}/refresh: fetches a web-page document again into the same document.
export const POST = route({ auth: "workspace", limit: RATE_LIMITS.webPageFetches }, async ({ user, params }): Promise<WebPageRefreshed> => {
  const { document, unchanged } = await refreshWebPage({ user, documentId: params.id });
  return { document: toPublicDocument(document), unchanged };
});
