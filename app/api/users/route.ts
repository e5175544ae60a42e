import { z } from "zod";
import { ROLES } from "@/lib/constants";
import { route } from "@/lib/server/http/route";
import { listUsers } from "@/lib/server/queries/users";
import { toPublicUser } from "@/lib/server/present/user";
import type { UserPage } from "@/lib/server/present/api-types";

const querySchema = z.object({
  search: z.string().trim().max(200).optional(),
  role: z.enum(ROLES).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

// GET /api/users: list and search users (admin only).
export const GET = route({ auth: "admin", query: querySchema }, async ({ query }): Promise<UserPage> => {
  const { users, total } = await listUsers({ ...query, search: query.search || undefined });
  return { users: users.map(toPublicUser), total };
});
