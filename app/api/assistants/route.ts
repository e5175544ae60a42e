import { NextResponse } from "next/server";
import { createAssistantSchema } from "@/lib/schemas/assistants";
import { route } from "@/lib/server/http/route";
import { listOwnAssistants } from "@/lib/server/use-cases/list-assistants";
import { createAssistant } from "@/lib/server/use-cases/save-assistant";
import type { AssistantList, PublicAssistant } from "@/lib/server/present/api-types";

// GET /api/assistants: the caller's assistants, the default first, with their knowledge and counts.
export const GET = route({ auth: "workspace" }, async ({ user, locale }): Promise<AssistantList> => ({ assistants: await listOwnAssistants(user.id, locale) }));

// POST /api/assistants: makes an assistant (409 past the cap of ASSISTANTS_PER_OWNER_MAX).
export const POST = route({ auth: "workspace", body: createAssistantSchema }, async ({ user, locale, body }) =>
  NextResponse.json<PublicAssistant>(await createAssistant({ ownerId: user.id, locale, ...body }), { status: 201 }),
);
