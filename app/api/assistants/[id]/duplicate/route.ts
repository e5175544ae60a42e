import { NextResponse } from "next/server";
import { route } from "@/lib/server/http/route";
import { duplicateAssistant } from "@/lib/server/use-cases/save-assistant";
import type { PublicAssistant } from "@/lib/server/present/api-types";

// POST /api/assistants/{id}/duplicate: a copy with the same knowledge and settings, no shares or conversation.
export const POST = route({ auth: "workspace" }, async ({ user, locale, params }) =>
  NextResponse.json<PublicAssistant>(await duplicateAssistant({ ownerId: user.id, locale, id: params.id }), { status: 201 }),
);
