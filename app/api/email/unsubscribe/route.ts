import { NextResponse } from "next/server";
import { z } from "zod";
import { AppError } from "@/lib/server/errors";
import { env } from "@/lib/env";
import { route } from "@/lib/server/http/route";
import { siteUrl } from "@/lib/site-origin";
import { MAIL_TOPICS } from "@/lib/server/mail/unsubscribe-token";
import { setSubscriptionByToken } from "@/lib/server/use-cases/unsubscribe";

// topic: which list the link stops (campaigns when absent, as in every message sent before lists had names).
const query = z.object({ token: z.string().max(200).optional(), topic: z.enum(MAIL_TOPICS).optional() });

// POST /api/email/unsubscribe?token=…: RFC 8058 one-click unsubscribe. Mail providers post
// "List-Unsubscribe=One-Click" from their own servers, with no cookies and another (or no) Origin:
// the signed token is the whole authorisation, and the body is not needed.
export const POST = route({ auth: "public", allowCrossSite: true, query }, async ({ query }) => {
  const outcome = await setSubscriptionByToken(query.token, false, query.topic);
  if (outcome === "invalid") throw new AppError("not_found", { messageKey: "unsubscribe.invalid" });
  return { ok: true, test: outcome === "test" };
});

// GET /api/email/unsubscribe?token=…: the List-Unsubscribe address opened in a browser goes to the
// confirmation page (a GET never unsubscribes: link scanners fetch every address in a message).
export const GET = route({ auth: "public", query }, async ({ req, query }) => {
  // On this site as the browser knows it (APP_URL, or the trusted proxy's host), not the bind address.
  const page = siteUrl("/unsubscribe", req, env);
  if (query.token) page.searchParams.set("token", query.token);
  if (query.topic && query.topic !== "campaigns") page.searchParams.set("topic", query.topic);
  return NextResponse.redirect(page, 303);
});
