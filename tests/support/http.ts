import { NextRequest } from "next/server";
import type { Role } from "@/lib/constants";
import { hashPassword } from "@/lib/server/auth/password";
import { encodeSession, SESSION_COOKIE } from "@/lib/server/auth/session";
import { createUser } from "@/lib/server/queries/users";

// Calls real route handlers with real Request objects, the way Next would.

type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

export interface CallOptions {
  method?: string;
  path?: string;
  body?: unknown;
  rawBody?: string | Uint8Array;
  cookie?: string;
  headers?: Record<string, string>;
  params?: Record<string, string | string[]>;
}

export interface CallResult {
  status: number;
  body: any;
  headers: Headers;
  setCookies: string[];
}

export const ORIGIN = "http://localhost:3000";

export async function call(handler: Handler, options: CallOptions = {}): Promise<CallResult> {
  const method = options.method ?? "GET";
  const headers: Record<string, string> = { host: "localhost:3000", ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  let body: string | Uint8Array | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  if (method !== "GET" && method !== "HEAD") headers.origin ??= ORIGIN;
  const req = new NextRequest(`${ORIGIN}${options.path ?? "/"}`, { method, headers, body: body as BodyInit | undefined });
  const res = await handler(req, { params: Promise.resolve(options.params ?? {}) });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: keep the text.
  }
  return { status: res.status, body: parsed, headers: res.headers, setCookies: res.headers.getSetCookie() };
}

/** The session cookie a response set, ready for a Cookie header. */
export function sessionFrom(result: CallResult): string | undefined {
  const line = result.setCookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!line) return undefined;
  const pair = line.split(";")[0];
  return pair.endsWith("=") ? undefined : pair;
}

let counter = 0;

/** Creates a user directly in the database and returns it with a valid session cookie. */
export async function seedUser(options: { role?: Role; email?: string; password?: string; plan?: "free" | "supporter" } = {}) {
  counter++;
  const email = options.email ?? `user${counter}-${Date.now()}@example.com`;
  const password = options.password ?? "correct horse battery";
  const user = await createUser({
    email,
    displayName: `User ${counter}`,
    passwordHash: await hashPassword(password),
    role: options.role ?? "user",
    plan: options.plan ?? "free",
  });
  if (!user) throw new Error("seed user exists");
  const cookie = `${SESSION_COOKIE}=${await encodeSession(user)}`;
  return { user, cookie, email, password };
}

/** A multipart body as a browser would send it: bytes plus content-type and content-length. */
export async function multipart(fields: Record<string, string | File>): Promise<{ rawBody: Uint8Array; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const res = new Response(form);
  const rawBody = new Uint8Array(await res.arrayBuffer());
  return {
    rawBody,
    headers: { "content-type": res.headers.get("content-type")!, "content-length": String(rawBody.byteLength) },
  };
}
