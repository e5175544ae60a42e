import { NextResponse } from "next/server";
import { route } from "@/lib/server/http/route";
import { toOwnerShare } from "@/lib/server/present/share";
import { findOrCreateQuickLink } from "@/lib/server/queries/shared-assistants";
import { assistantProfile } from "@/lib/server/use-cases/read-assistant-profile";

// POST /api/assistant/share-link: the assistant's quick link for the chat header's share button.
// The first press shares the assistant as it is then (its name and role prompt, answering from the
// documents); later presses get the same link back while it lives (201 made, 200 the same one).
export const POST = route({ auth: "workspace" }, async ({ user, locale }) => {
  const { share, created } = await findOrCreateQuickLink(user.id, () => assistantProfile(user.id, locale));
  return NextResponse.json({ share: toOwnerShare(share, locale), created }, { status: created ? 201 : 200 });
});
