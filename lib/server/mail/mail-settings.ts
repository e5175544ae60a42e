import "server-only";
import { env } from "@/lib/env";
import { AppError } from "@/lib/server/errors";
import { checkServiceHost } from "@/lib/server/outbound/service-address";
import { secretMayFollow } from "@/lib/server/policies/secret-destination";
import { decryptSecret, encryptSecret } from "@/lib/server/auth/derived-keys";
import { getSetting, setSetting } from "@/lib/server/queries/app-settings";
import { log } from "@/lib/server/log";

// Where outgoing mail goes: the server saved on the admin e-mail screen when there is one, else
// SMTP_URL and MAIL_FROM from the environment, else nowhere (the screens still work; sending is
// refused with a message saying what to set). The saved password is encrypted at rest and never
// sent back to a browser.

export const MAIL_SECURITY_MODES = ["tls", "starttls", "opportunistic"] as const;
export type MailSecurity = (typeof MAIL_SECURITY_MODES)[number];

export interface MailServer {
  host: string;
  port: number;
  /** tls: TLS from the first byte (465); starttls: STARTTLS required; opportunistic: STARTTLS when offered. */
  security: MailSecurity;
  username: string | null;
  password: string | null;
  /** The sender address (the product's name is the sender name). */
  from: string;
  /** May be on a private network: the admin said so, or the operator configured it (SMTP_URL). */
  allowPrivateNetwork: boolean;
}

export interface MailSetup {
  source: "settings" | "environment" | null;
  server: MailServer | null;
}

interface StoredMailServer {
  host: string;
  port: number;
  security: MailSecurity;
  username: string | null;
  passwordEncrypted: string | null;
  from: string;
  allowPrivateNetwork?: boolean;
}

const SERVER_KEY = "mail_server";
const WELCOME_KEY = "welcome_mail";
const PASSWORD_PURPOSE = "smtp-password";

/** The address part of MAIL_FROM ("Name <a@b>" or "a@b"), or a no-reply address at APP_URL's host. */
export function senderAddress(from: string | undefined, appUrl: string): string {
  const bracketed = from ? /<([^<>\s]+@[^<>\s]+)>/.exec(from)?.[1] : undefined;
  if (bracketed) return bracketed;
  if (from && /^[^\s<>@]+@[^\s<>@]+$/.test(from)) return from;
  return `no-reply@${new URL(appUrl).hostname}`;
}

/** SMTP_URL as a server: smtp://user:pass@host:587 (STARTTLS when offered), smtps://…:465 (TLS). */
export function parseSmtpUrl(value: string, from: string | undefined, appUrl: string): MailServer {
  const url = new URL(value);
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") throw new Error("SMTP_URL must start with smtp:// or smtps://");
  const tls = url.protocol === "smtps:";
  const requireTls = url.searchParams.get("starttls") === "required";
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: url.port ? Number(url.port) : tls ? 465 : 587,
    security: tls ? "tls" : requireTls ? "starttls" : "opportunistic",
    username: url.username ? decodeURIComponent(url.username) : null,
    password: url.password ? decodeURIComponent(url.password) : null,
    from: senderAddress(from, appUrl),
    // The operator's own configuration: wherever it points is trusted.
    allowPrivateNetwork: true,
  };
}

function environmentServer(): MailServer | null {
  if (!env.SMTP_URL) return null;
  try {
    return parseSmtpUrl(env.SMTP_URL, env.MAIL_FROM, env.APP_URL);
  } catch (error) {
    log.error("SMTP_URL is not a valid smtp:// or smtps:// URL; mail is off", { error: (error as Error).message });
    return null;
  }
}

export async function getMailSetup(): Promise<MailSetup> {
  // Read afresh each time (one indexed row): a copy kept in memory would be one per route bundle,
  // and the screen that saves a server and the page that offers a password reset must agree at once.
  const stored = await getSetting<Partial<StoredMailServer>>(SERVER_KEY);
  if (stored?.host && stored.port && stored.security && stored.from) {
    const password = stored.passwordEncrypted ? await decryptSecret(PASSWORD_PURPOSE, stored.passwordEncrypted) : null;
    if (stored.passwordEncrypted && password === null) log.warn("the saved SMTP password cannot be decrypted (AUTH_SECRET changed?); enter it again on the e-mail screen");
    return {
      source: "settings",
      server: {
        host: stored.host,
        port: stored.port,
        security: stored.security,
        username: stored.username ?? null,
        password,
        from: stored.from,
        allowPrivateNetwork: stored.allowPrivateNetwork === true,
      },
    };
  }
  const fromEnv = environmentServer();
  return fromEnv ? { source: "environment", server: fromEnv } : { source: null, server: null };
}

/** What the admin screen shows: everything but the password, of which only whether one is set. */
export interface MailSettingsView {
  source: MailSetup["source"];
  environmentConfigured: boolean;
  host: string;
  port: number;
  security: MailSecurity;
  username: string;
  hasPassword: boolean;
  from: string;
  welcomeMail: boolean;
  allowPrivateNetwork: boolean;
}

export async function mailSettingsView(): Promise<MailSettingsView> {
  const [setup, welcomeMail] = await Promise.all([getMailSetup(), welcomeMailEnabled()]);
  const server = setup.server;
  return {
    source: setup.source,
    environmentConfigured: environmentServer() !== null,
    host: server?.host ?? "",
    port: server?.port ?? 587,
    security: server?.security ?? "opportunistic",
    username: server?.username ?? "",
    hasPassword: Boolean(server?.password),
    from: server?.from ?? "",
    welcomeMail,
    allowPrivateNetwork: setup.source === "settings" && server?.allowPrivateNetwork === true,
  };
}

export interface MailServerInput {
  host: string;
  port: number;
  security: MailSecurity;
  username: string | null;
  /** undefined keeps the saved password; null or "" removes it. */
  password?: string | null;
  from: string;
  /** The admin's opt-in: the server is on their own network (a company relay). */
  allowPrivateNetwork?: boolean;
}

/**
 * Saves the mail server. Refused, changing nothing: a host the address guard refuses
 * (lib/server/outbound/service-address.ts), and a saved password kept for another host, port or
 * user than it was saved for (it is typed again, or removed).
 */
export async function saveMailServer(input: MailServerInput): Promise<void> {
  const allowPrivateNetwork = input.allowPrivateNetwork === true;
  try {
    checkServiceHost(input.host, input.port, { allowPrivateNetwork });
  } catch {
    throw new AppError("unprocessable", { messageKey: "email.errors.hostRefused", details: { field: "host", reason: "address" } });
  }
  const current = await getSetting<Partial<StoredMailServer>>(SERVER_KEY);
  const keepsPassword = input.password === undefined && Boolean(current?.passwordEncrypted);
  const savedFor = { host: current?.host ?? "", port: current?.port ?? 0, username: current?.username ?? null };
  if (keepsPassword && !secretMayFollow(savedFor, { host: input.host, port: input.port, username: input.username || null })) {
    throw new AppError("unprocessable", { messageKey: "email.errors.passwordAgain", details: { field: "password", reason: "password_again" } });
  }
  const passwordEncrypted =
    input.password === undefined ? (current?.passwordEncrypted ?? null) : input.password ? await encryptSecret(PASSWORD_PURPOSE, input.password) : null;
  const stored: StoredMailServer = {
    host: input.host,
    port: input.port,
    security: input.security,
    username: input.username || null,
    passwordEncrypted,
    from: input.from,
    ...(allowPrivateNetwork ? { allowPrivateNetwork } : {}),
  };
  await setSetting(SERVER_KEY, stored);
}

/** Back to the environment's server (or none). */
export async function clearMailServer(): Promise<void> {
  await setSetting(SERVER_KEY, {});
}

export async function welcomeMailEnabled(): Promise<boolean> {
  return (await getSetting<boolean>(WELCOME_KEY)) === true;
}

export async function setWelcomeMail(enabled: boolean): Promise<void> {
  await setSetting(WELCOME_KEY, enabled);
}
