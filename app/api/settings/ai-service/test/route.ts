import { aiServiceTestSchema } from "@/lib/schemas/ai-service";
import { route } from "@/lib/server/http/route";
import { testAiConnection } from "@/lib/server/use-cases/test-ai-connection";
import type { ConnectionResult } from "@/lib/server/present/api-types";

// POST /api/settings/ai-service/test: one short real call with the form's settings (saved or not) → latency, or the service's error.
// Admin only, and one 16-token call with a 10 s time-out: not rate limited.
export const POST = route({ auth: "admin", body: aiServiceTestSchema }, async ({ body, user }): Promise<ConnectionResult> => testAiConnection({ userId: user.id, settings: body }));
