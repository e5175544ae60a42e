import { NextResponse } from "next/server";
import { collectionSchema } from "@/lib/schemas/assistants";
import { route } from "@/lib/server/http/route";
import { toPublicCollection } from "@/lib/server/present/assistant";
import { listCollections } from "@/lib/server/queries/collections";
import { createCollection } from "@/lib/server/use-cases/save-collection";
import type { CollectionList, PublicCollection } from "@/lib/server/present/api-types";

// GET /api/collections: the caller's collections by name, each with its documents.
export const GET = route({ auth: "workspace" }, async ({ user }): Promise<CollectionList> => ({ collections: (await listCollections(user.id)).map(toPublicCollection) }));

// POST /api/collections: a new, empty collection (409 when the name is taken or past the cap).
export const POST = route({ auth: "workspace", body: collectionSchema }, async ({ user, body }) => NextResponse.json<PublicCollection>(await createCollection(user.id, body.name), { status: 201 }));
