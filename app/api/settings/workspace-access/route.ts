import { z } from "zod";
import { route } from "@/lib/server/http/route";
import { getWorkspaceAccess, setWorkspaceAccess } from "@/lib/server/policies/workspace-access";

// GET /api/settings/workspace-access: who has a workspace at "/" (staff may read it).
export const GET = route({ auth: "staff" }, async () => ({ value: await getWorkspaceAccess() }));

// PUT /api/settings/workspace-access: change it (admin only).
export const PUT = route(
  { auth: "admin", body: z.object({ value: z.enum(["admins", "everyone"]) }).strict() },
  async ({ body }) => {
    await setWorkspaceAccess(body.value);
    return { value: body.value };
  },
);
