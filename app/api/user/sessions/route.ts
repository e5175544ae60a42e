import { route } from "@/lib/server/http/route";
import { endAllSessions } from "@/lib/server/queries/sessions";
import { signedOutResponse } from "@/lib/server/http/session-response";

// DELETE /api/user/sessions: "sign out everywhere": ends every session of the caller on every
// device, this browser's included, and clears this browser's cookie.
export const DELETE = route({ auth: "user" }, async ({ user }) => {
  await endAllSessions(user.id);
  return signedOutResponse();
});
