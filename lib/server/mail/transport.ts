import "server-only";
import net from "node:net";
import nodemailer, { type Transporter } from "nodemailer";
import type SMTPPool from "nodemailer/lib/smtp-pool";
import { EMAIL_SMTP_CONNECTIONS } from "@/lib/constants";
import { log } from "@/lib/server/log";
import { checkServiceHost, guardConnectedPeer, isAddressRefusal, serviceLookup } from "@/lib/server/outbound/service-address";
import type { MailServer } from "./mail-settings";

// SMTP through nodemailer: one pool of connections per process for the mail server in use,
// replaced when the server settings change.

export const SMTP_MAX_CONNECTIONS = EMAIL_SMTP_CONNECTIONS;

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Sender name (the product's name); the address is the server's `from`. */
  fromName: string;
  /** Without angle brackets; a resent message keeps its id, so mailbox providers can fold repeats. */
  messageId?: string;
  headers?: Record<string, string>;
}

/** A message already in MIME form (a campaign's, lib/server/mail/mime-template.ts). */
export interface RawMail {
  to: string;
  raw: Buffer;
}

export interface SendResult {
  /** The server's reply to the message ("250 OK: queued as …"). */
  response: string;
}

let current: { key: string; transporter: Transporter } | undefined;

/**
 * Hands nodemailer the TCP connection (it starts TLS on it where the server needs it) with
 * Nagle's algorithm off. nodemailer writes a message's data and its final "." separately; with
 * Nagle on, the "." waits for the server's delayed ACK, 40 ms on every message (measured: 45 ms a
 * message against 0.9 ms with it off, to a server on loopback). The socket is handed over while
 * still connecting, so a refused connection reaches nodemailer as its own socket error. The
 * address it connects to passes the services' address guard (a name when it is resolved, a
 * literal address once connected), so a saved host cannot reach loopback or metadata addresses.
 */
function connectWithoutDelay(server: MailServer) {
  const policy = { allowPrivateNetwork: server.allowPrivateNetwork };
  return (_options: unknown, callback: (error: Error | null, socket?: { connection: net.Socket }) => void) => {
    try {
      // A literal address (or a local name) is refused before any connection is made.
      checkServiceHost(server.host, server.port, policy);
    } catch (error) {
      return callback(Object.assign(error as Error, { code: "EREFUSEDADDRESS" }));
    }
    const connection = net.connect({ host: server.host, port: server.port, noDelay: true, keepAlive: true, lookup: serviceLookup(server.host, server.port, policy) });
    guardConnectedPeer(connection, server.host, server.port, policy);
    callback(null, { connection });
  };
}

function transporterFor(server: MailServer): Transporter {
  const key = JSON.stringify(server);
  if (current?.key === key) return current.transporter;
  const previous = current?.transporter;
  const options: SMTPPool.Options & { maxRequeues: number } = {
    pool: true,
    getSocket: connectWithoutDelay(server),
    maxConnections: SMTP_MAX_CONNECTIONS,
    maxMessages: Infinity,
    // A connection that drops mid-message fails that message (the sender decides about a retry):
    // the pool's own silent resend could deliver a message the server had already taken, twice.
    maxRequeues: 0,
    host: server.host,
    port: server.port,
    secure: server.security === "tls",
    requireTLS: server.security === "starttls",
    auth: server.username ? { user: server.username, pass: server.password ?? "" } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
  const transporter = nodemailer.createTransport(options);
  current = { key, transporter };
  // Messages already handed to the old pool finish there; it closes once idle.
  if (previous) previous.close();
  return transporter;
}

export async function sendMail(server: MailServer, mail: OutgoingMail): Promise<SendResult> {
  const info = await transporterFor(server).sendMail({
    from: { name: mail.fromName.replace(/[\r\n]+/g, " "), address: server.from },
    to: mail.to,
    // nodemailer encodes header values; CR/LF removed anyway so a subject can never add a header.
    subject: mail.subject.replace(/[\r\n]+/g, " "),
    text: mail.text,
    html: mail.html,
    // Base64 rather than quoted-printable: a third the size for Chinese text (QP writes each byte
    // of a CJK character as =XX), and nodemailer no longer scans every body to choose.
    textEncoding: "base64",
    messageId: mail.messageId ? `<${mail.messageId}>` : undefined,
    headers: mail.headers,
  });
  return { response: String(info.response ?? "") };
}

export async function sendRawMail(server: MailServer, mail: RawMail): Promise<SendResult> {
  const info = await transporterFor(server).sendMail({ envelope: { from: server.from, to: [mail.to] }, raw: mail.raw });
  return { response: String(info.response ?? "") };
}

/** Closes the pool (tests, shutdown). */
export function closeTransport() {
  current?.transporter.close();
  current = undefined;
}

export interface SendFailure {
  /** temporary: 4xx, or the server could not be reached: retried with back-off. permanent: 5xx, failed at once. */
  kind: "temporary" | "permanent";
  /** The failure concerns the server, not this recipient: every other message would fail alike. */
  serverDown: boolean;
  /** The server's reply, or what went wrong on the way to it. */
  message: string;
}

const CONNECTION_CODES = new Set(["ECONNECTION", "ETIMEDOUT", "ESOCKET", "EDNS", "ECONNREFUSED", "ECONNRESET", "EPROXY", "ETLS", "EAUTH"]);

export function classifySendError(error: unknown): SendFailure {
  // The address guard refused the server: nothing was sent, and nothing will be until it changes.
  if (isAddressRefusal(error)) return { kind: "temporary", serverDown: true, message: "the mail server's address is refused (a private or special-purpose address)" };
  const e = error as { code?: string; responseCode?: number; response?: string; message?: string };
  const message = (e.response || e.message || String(error)).replace(/\s+/g, " ").trim().slice(0, 500);
  // A rejected login concerns every message alike: wait and retry rather than fail everyone at once.
  if (e.code === "EAUTH") return { kind: "temporary", serverDown: true, message };
  if (typeof e.responseCode === "number") {
    if (e.responseCode >= 500) return { kind: "permanent", serverDown: false, message };
    if (e.responseCode >= 400) return { kind: "temporary", serverDown: e.responseCode === 421, message };
  }
  if ((e.code && CONNECTION_CODES.has(e.code)) || !e.code) return { kind: "temporary", serverDown: true, message };
  // EENVELOPE / EMESSAGE without a server reply: the address or message itself cannot be sent.
  log.debug("mail refused before reaching the server", { code: e.code, message });
  return { kind: "permanent", serverDown: false, message };
}

export const TEST_FAILURE_KINDS = ["address_refused", "unreachable", "timeout", "tls", "auth", "rejected", "error"] as const;
export type TestFailureKind = (typeof TEST_FAILURE_KINDS)[number];

/**
 * What a failed test message says to the admin: a kind, never the server's own words (a reply
 * echoed to the screen would turn the form into a probe of whatever answers at an address).
 */
export function testFailureKind(error: unknown): TestFailureKind {
  if (isAddressRefusal(error)) return "address_refused";
  const e = error as { code?: string; responseCode?: number; message?: string };
  if (e.code === "EAUTH") return "auth";
  if (e.code === "ETLS" || /\b(TLS|SSL|certificate)\b/i.test(e.message ?? "")) return "tls";
  if (e.code === "ETIMEDOUT" || /timeout/i.test(e.message ?? "")) return "timeout";
  if (typeof e.responseCode === "number" && e.responseCode >= 400) return "rejected";
  if (e.code && ["ECONNECTION", "ESOCKET", "EDNS", "ECONNREFUSED", "ECONNRESET", "ENOTFOUND", "EHOSTUNREACH", "ENETUNREACH"].includes(e.code)) return "unreachable";
  return "error";
}
