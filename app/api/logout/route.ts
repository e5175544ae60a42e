import { route } from "@/lib/server/http/route";
import { signedOutResponse } from "@/lib/server/services/session-response";

// POST /api/logout: clears the session cookie (signed out or not, the answer is ok).
export const POST = route({ auth: "public" }, async () => signedOutResponse());
