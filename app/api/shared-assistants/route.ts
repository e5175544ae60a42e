import { NextResponse } from "next/server";
import { createShareSchema } from "@/lib/schemas/shared-assistant";
import { route } from "@/lib/server/http/route";
import { createShare, listOwnerShares } from "@/lib/server/queries/shared-assistants";
import { toOwnerShare } from "@/lib/server/present/share";

// POST /api/shared-assistants: turns an assistant into a public link (→ shareUrl and the share).
export const POST = route({ auth: "workspace", body: createShareSchema }, async ({ user, body }) => {
  const share = await createShare({ ownerId: user.id, ...body });
  return NextResponse.json(toOwnerShare(share), { status: 201 });
});

// GET /api/shared-assistants: the caller's live shares, newest first, with their message counts.
export const GET = route({ auth: "workspace" }, async ({ user }) => (await listOwnerShares(user.id)).map(toOwnerShare));
