import { SESSION_COOKIE, revokeSessionToken } from "@/lib/server/auth/session";
import { requestCookies } from "@/lib/server/request-cookies";
import { route } from "@/lib/server/http/route";
import { signedOutResponse } from "@/lib/server/http/session-response";

// POST /api/logout: ends this browser's session on the server and clears its cookie, so a copy of
// the cookie stops working too (signed out or not, the answer is ok).
export const POST = route({ auth: "public" }, async ({ req }) => {
  await revokeSessionToken(requestCookies(req)[SESSION_COOKIE]);
  return signedOutResponse();
});
