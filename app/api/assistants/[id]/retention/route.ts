import { retentionSchema } from "@/lib/schemas/insights";
import { route } from "@/lib/server/http/route";
import { setRetention } from "@/lib/server/use-cases/keep-conversations";

// PUT /api/assistants/{id}/retention: its owner keeps its conversations this many days ({ days: null }: for ever); a daily job deletes older ones.
export const PUT = route({ auth: "workspace", body: retentionSchema }, async ({ user, params, body }) => setRetention(user, params.id, body.days));
