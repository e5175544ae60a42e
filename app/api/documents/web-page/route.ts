import { NextResponse } from "next/server";
import { z } from "zod";
import { route } from "@/lib/server/http/route";
import { toPublicDocument } from "@/lib/server/present/document";
import { addWebPage } from "@/lib/server/use-cases/add-web-page";

// Each add makes the server fetch someone else's page: a few a minute is plenty for a person.
const ADDS_PER_MINUTE = 20;

const body = z.object({ url: z.string().trim().min(1).max(2_048) });

// POST /api/documents/web-page: adds the page at `url` as a document (fetched and read now,
// processed in the background like an upload). Answers 201 with the document in status "processing".
export const POST = route({ auth: "workspace", body, limit: { name: "web-page", per: "user", max: ADDS_PER_MINUTE } }, async ({ user, body }) => {
  const document = await addWebPage({ user, address: body.url });
  return NextResponse.json(toPublicDocument(document), { status: 201 });
});
