import { NextResponse } from "next/server";
import { z } from "zod";
import { clientIp } from "@/lib/server/http/client-ip";
import { route } from "@/lib/server/http/route";
import { RATE_LIMITS } from "@/lib/server/policies/rate-limits";
import { toPublicDocument } from "@/lib/server/present/document";
import { addWebPage } from "@/lib/server/use-cases/add-web-page";

const body = z.object({ url: z.string().trim().min(1).max(2_048) });

// POST /api/documents/web-page: adds the page at `url` as a document (fetched and read now,
// processed in the background like an upload). Answers 201 with the document in status "processing".
export const POST = route({ auth: "workspace", body, limit: RATE_LIMITS.webPageFetches }, async ({ req, user, body }) => {
  const document = await addWebPage({ user, address: body.url, clientAddress: clientIp(req) });
  return NextResponse.json(toPublicDocument(document), { status: 201 });
});
