import { z } from "zod";
// With the extension: scripts/server.ts loads this file in plain Node, which resolves no "@/" alias.
import { INGEST_MEMORY_DEFAULT_MB, INGEST_MEMORY_MIN_MB, RETRIEVAL_CACHE_DEFAULT_MB, RETRIEVAL_CACHE_MIN_MB, OWN_MESSAGES_PER_USER_PER_MINUTE, API_KEY_REQUESTS_PER_MINUTE, SHARE_MESSAGES_PER_IP_PER_MINUTE, SHARE_MESSAGES_PER_LINK_PER_MINUTE, SHARE_MESSAGES_PER_VISITOR_PER_MINUTE } from "./constants.ts";

// The only module that reads process.env. Everything else imports `env` from here.
// Defaults make `npm start` work on a fresh machine with no configuration at all.

const bool = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));

/** A positive whole number of messages a minute; unset or empty keeps the product's default. */
const perMinute = (fallback: number) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), z.coerce.number().int().min(1).default(fallback));

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  APP_URL: optionalString,
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalString,
  // Connections each instance keeps to PostgreSQL at most; instances × this must stay under the
  // server's max_connections (100 by default) with room for maintenance.
  DATABASE_POOL_SIZE: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), z.coerce.number().int().min(2).max(200).default(10)),
  AUTH_SECRET: optionalString,
  WORKSPACE_ACCESS: z.enum(["admins", "everyone"]).default("admins"),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER: z.string().url().default("https://accounts.google.com"),
  SUPPORT_URL: optionalString,
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalString,
  EMBEDDING_MODEL: optionalString,
  CHAT_MODEL: z.string().trim().min(1).default("gpt-4o-mini"),
  VISION_MODEL: optionalString,
  TRUST_PROXY: bool,
  SECURE_COOKIES: optionalString,
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  // Visitor messages on share links. The defaults are the product's limits; a load test raises
  // them (every simulated guest shares one address), a small deployment may lower them.
  SHARE_LIMIT_PER_IP_PER_MINUTE: perMinute(SHARE_MESSAGES_PER_IP_PER_MINUTE),
  SHARE_LIMIT_PER_VISITOR_PER_MINUTE: perMinute(SHARE_MESSAGES_PER_VISITOR_PER_MINUTE),
  SHARE_LIMIT_PER_LINK_PER_MINUTE: perMinute(SHARE_MESSAGES_PER_LINK_PER_MINUTE),
  // An owner's messages in their own chat.
  MESSAGE_LIMIT_PER_USER_PER_MINUTE: perMinute(OWN_MESSAGES_PER_USER_PER_MINUTE),
  // Requests each API key may make a minute (/api/v1).
  API_KEY_LIMIT_PER_MINUTE: perMinute(API_KEY_REQUESTS_PER_MINUTE),
  // Outgoing mail (campaigns, password resets, welcome mail): smtp://user:pass@host:587 (STARTTLS
  // when the server offers it) or smtps://…:465. The admin e-mail screen can set it instead.
  SMTP_URL: optionalString,
  // The sender address ("no-reply@example.com"); the product's name is the sender name.
  MAIL_FROM: optionalString,
  // Hosts on the operator's own network that the server may fetch from although their addresses
  // are private (an intranet wiki added as a web page): "host:port" entries, comma-separated.
  // Unset: only public addresses on ports 80 and 443 (lib/server/outbound/safe-fetch.ts).
  OUTBOUND_ALLOWED_HOSTS: z
    .string()
    .optional()
    .transform((v) => (v ?? "").split(",").map((entry) => entry.trim().toLowerCase()).filter(Boolean))
    .pipe(z.array(z.string().regex(/^([a-z0-9.-]+|\[[0-9a-f:.]+\]):\d{1,5}$/, "host:port"))),
  // Megabytes all document parsing together may hold; it decides how many files parse at once.
  INGEST_MEMORY_MB: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.coerce.number().int().min(INGEST_MEMORY_MIN_MB).default(INGEST_MEMORY_DEFAULT_MB),
  ),
  // Megabytes of retrieval indexes one instance keeps; the least recently asked owners go first.
  RETRIEVAL_CACHE_MB: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.coerce.number().int().min(RETRIEVAL_CACHE_MIN_MB).default(RETRIEVAL_CACHE_DEFAULT_MB),
  ),
  // S3-compatible object storage for uploaded originals (AWS S3, MinIO, Cloudflare R2, Ceph). Unset
  // S3_BUCKET keeps them under DATA_DIR/files. Without keys the SDK's own chain applies (an
  // instance role, AWS_* variables).
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalString,
  S3_REGION: z.string().trim().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  // MinIO, Ceph and most self-hosted services address buckets by path (host/bucket/key).
  S3_FORCE_PATH_STYLE: bool,
  // Keys start with this (several deployments sharing one bucket).
  S3_PREFIX: optionalString,
});

/** Validates an environment (the process's, or a test's) into the app's settings; throws on invalid values. */
export function parseEnv(source: Record<string, string | undefined>) {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${issues}`);
  }
  const raw = parsed.data;
  const appUrl = (raw.APP_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, "");
  return {
    ...raw,
    APP_URL: appUrl,
    // Set by the operator (the public origin is then known), rather than the local default.
    appUrlConfigured: raw.APP_URL !== undefined,
    googleEnabled: Boolean(raw.GOOGLE_CLIENT_ID && raw.GOOGLE_CLIENT_SECRET),
    // Whether CHAT_MODEL was set, or is the product's default (the AI-service screen says which).
    chatModelConfigured: Boolean(source.CHAT_MODEL?.trim()),
    // Secure cookies follow the public URL's scheme unless forced either way.
    secureCookies:
      raw.SECURE_COOKIES === undefined ? appUrl.startsWith("https://") : raw.SECURE_COOKIES === "true",
    isTest: raw.NODE_ENV === "test",
  };
}

export type Env = ReturnType<typeof parseEnv>;

/** Every variable the app reads, so deployment files can be checked to name no other. */
export const ENV_KEYS = Object.keys(schema.shape) as readonly (keyof typeof schema.shape)[];

export const env: Env = parseEnv(process.env);

// next-auth reads its public origin from NEXTAUTH_URL itself; give it ours so both agree.
process.env.NEXTAUTH_URL = env.APP_URL;
