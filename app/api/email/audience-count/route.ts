import { z } from "zod";
import { audienceSchema } from "@/lib/schemas/email";
import { route } from "@/lib/server/http/route";
import type { AudienceCount } from "@/lib/server/present/api-types";
import { countAudience } from "@/lib/server/queries/email-audience";

// POST /api/email/audience-count: how many an audience holds now, and how many of them unsubscribed.
export const POST = route({ auth: "admin", body: z.object({ audience: audienceSchema }) }, async ({ body }): Promise<AudienceCount> => countAudience(body.audience));
