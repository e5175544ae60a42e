import { z } from "zod";
import { route } from "@/lib/server/http/route";
import { mailSettingsView, setWelcomeMail } from "@/lib/server/mail/mail-settings";
import type { MailSettingsView } from "@/lib/server/present/api-types";

// PUT /api/email/settings/welcome: whether a registration is greeted by e-mail.
export const PUT = route({ auth: "admin", body: z.object({ enabled: z.boolean() }) }, async ({ body }): Promise<MailSettingsView> => {
  await setWelcomeMail(body.enabled);
  return mailSettingsView();
});
