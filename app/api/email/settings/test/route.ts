import { testSendSchema } from "@/lib/schemas/email";
import { route } from "@/lib/server/http/route";
import { sendServerTestMail } from "@/lib/server/use-cases/send-test-mail";

// POST /api/email/settings/test: a short message through the mail server, answered with its reply.
export const POST = route({ auth: "admin", body: testSendSchema }, async ({ body, locale }) => sendServerTestMail({ to: body.to, locale }));
