import { NextResponse } from "next/server";
import { createShareSchema } from "@/lib/schemas/shared-assistant";
import { route } from "@/lib/server/http/route";
import { toStored } from "@/lib/server/policies/default-assistant";
import { createShare, listOwnerShares } from "@/lib/server/queries/shared-assistants";
import { toOwnerShare } from "@/lib/server/present/share";

// POST /api/shared-assistants: turns an assistant into a public link (→ shareUrl and the share). A
// default name or role prompt stays the default, shown to each visitor in their own language.
export const POST = route({ auth: "workspace", body: createShareSchema }, async ({ user, body, locale }) => {
  const { name = null, rolePrompt = null, includeDocuments } = toStored(body);
  const share = await createShare({ ownerId: user.id, name, rolePrompt, includeDocuments });
  return NextResponse.json(toOwnerShare(share, locale), { status: 201 });
});

// GET /api/shared-assistants: the caller's live shares, newest first, with their message counts.
export const GET = route({ auth: "workspace" }, async ({ user, locale }) => (await listOwnerShares(user.id)).map((share) => toOwnerShare(share, locale)));
