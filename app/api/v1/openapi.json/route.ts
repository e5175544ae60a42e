import { route, siteOrigin } from "@/lib/server/http/route";
import { API_CORS_HEADERS } from "@/lib/server/http/api-cors";
import { openApiDocument } from "@/lib/server/present/openapi";

// GET /api/v1/openapi.json: the public API's OpenAPI document, open to anyone (and any origin, for API tools).
export const GET = route({ auth: "public" }, async ({ req }) =>
  Response.json(openApiDocument(`${siteOrigin(req) ?? ""}/api/v1`), { headers: { ...API_CORS_HEADERS, "cache-control": "public, max-age=300" } }),
);
