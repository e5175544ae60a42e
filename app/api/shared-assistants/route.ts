import { NextResponse } from "next/server";
import { createShareSchema } from "@/lib/schemas/shared-assistant";
import { route } from "@/lib/server/http/route";
import { listOwnerShares } from "@/lib/server/queries/shared-assistants";
import { toOwnerShare } from "@/lib/server/present/share";
import type { OwnerShare } from "@/lib/server/present/api-types";
import { shareAssistant } from "@/lib/server/use-cases/save-share";

// POST /api/shared-assistants: turns an assistant (assistantId, or the caller's default one) into a
// public link (→ shareUrl and the share).
export const POST = route({ auth: "workspace", body: createShareSchema }, async ({ user, body, locale }) => {
  const share = await shareAssistant({ ownerId: user.id, locale, ...body });
  return NextResponse.json<OwnerShare>(toOwnerShare(share, locale), { status: 201 });
});

// GET /api/shared-assistants: the caller's live shares, newest first, with their message counts.
export const GET = route({ auth: "workspace" }, async ({ user, locale }): Promise<OwnerShare[]> => (await listOwnerShares(user.id)).map((share) => toOwnerShare(share, locale)));
