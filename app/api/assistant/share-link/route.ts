import { NextResponse } from "next/server";
import { assistantQuerySchema } from "@/lib/schemas/assistants";
import { route } from "@/lib/server/http/route";
import { toOwnerShare } from "@/lib/server/present/share";
import type { QuickLink } from "@/lib/server/present/api-types";
import { findOrCreateQuickLink } from "@/lib/server/queries/shared-assistants";
import { ownAssistant } from "@/lib/server/use-cases/read-assistant-profile";

// POST /api/assistant/share-link(?assistantId=): the assistant's quick link for the chat header's
// share button (the default assistant's when none is named). The first press shares the assistant,
// following it (its name, role prompt and documents as they are at each question); later presses
// get the same link back while it lives (201 made, 200 the same one).
export const POST = route({ auth: "workspace", query: assistantQuerySchema }, async ({ user, locale, query }) => {
  const { share, created } = await findOrCreateQuickLink(await ownAssistant(user.id, query.assistantId));
  return NextResponse.json<QuickLink>({ share: toOwnerShare(share, locale), created }, { status: created ? 201 : 200 });
});
