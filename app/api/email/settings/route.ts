import { mailServerSchema } from "@/lib/schemas/email";
import { route } from "@/lib/server/http/route";
import { clearMailServer, mailSettingsView, saveMailServer } from "@/lib/server/mail/mail-settings";
import type { MailSettingsView } from "@/lib/server/present/api-types";

// GET /api/email/settings: the mail server in use (never its password) and the welcome-mail switch.
export const GET = route({ auth: "admin" }, async (): Promise<MailSettingsView> => mailSettingsView());

// PUT /api/email/settings: save a mail server; it takes precedence over SMTP_URL.
export const PUT = route({ auth: "admin", body: mailServerSchema }, async ({ body }): Promise<MailSettingsView> => {
  await saveMailServer({ ...body, username: body.username || null });
  return mailSettingsView();
});

// DELETE /api/email/settings: forget the saved server; SMTP_URL (if set) applies again.
export const DELETE = route({ auth: "admin" }, async (): Promise<MailSettingsView> => {
  await clearMailServer();
  return mailSettingsView();
});
