import "server-only";
import { randomUUID } from "node:crypto";
import { NextResponse } from "next/server";
import { z, ZodError, type ZodType } from "zod";
import { JSON_BODY_MAX_BYTES, type Locale } from "@/lib/constants";
import type { ErrorBody } from "@/lib/errors";
import { env } from "@/lib/env";
import type { User } from "@/lib/server/db/schema";
import { userFromRequest } from "@/lib/server/auth/session";
import { localeOf, translator, type ServerTranslator } from "@/lib/server/i18n";
import { log } from "@/lib/server/log";
import { authorize, type AuthRequirement } from "@/lib/server/policies/auth-requirement";
import { authorizeApiKey } from "@/lib/server/policies/api-key-access";
import type { KeyHolder } from "@/lib/server/queries/api-keys";
import { AppError, isAppError } from "@/lib/server/errors";
import { countedByHandler, type CountLimit, type RateLimit } from "@/lib/server/policies/rate-limits";
import { countRouteLimits, giveBackCounts } from "./rate-limit";
import { siteOrigin as originOf, type OriginSettings } from "@/lib/site-origin";
import { API_CORS_HEADERS } from "./api-cors";

// Every /api handler goes through route(): it authenticates, checks the role and the Origin of
// mutations, validates input with zod, and turns thrown errors into one JSON error shape.
// Authentication runs before input parsing so a caller without rights learns nothing about the
// expected input (401/403 rather than 400).

export interface RouteContext<B, Q> {
  req: Request;
  body: B;
  query: Q;
  params: Record<string, string>;
  user: User | null;
  locale: Locale;
  t: ServerTranslator;
  requestId: string;
  /** Counts the route's declared limits that need a share link, a visitor or an e-mail address (lib/server/policies/rate-limits.ts). */
  countLimit: CountLimit;
  /** The API key the request presented, on the routes of the public API (auth "apiKey"). */
  apiKey: KeyHolder | null;
}

/**
 * How a route's errors are written: the app's own shape, or OpenAI's (`{ error: { message, type,
 * param, code } }`) on the public API, which OpenAI's clients read.
 */
export type ErrorShape = "app" | "openai";

export interface RouteOptions<B extends ZodType | undefined, Q extends ZodType | undefined> {
  /** "apiKey": the public API, called with an assistant's key and never with a session. */
  auth: AuthRequirement | "apiKey";
  errorShape?: ErrorShape;
  body?: B;
  query?: Q;
  /** Skip the same-origin check (only for endpoints that must accept cross-site requests). */
  allowCrossSite?: boolean;
  /** The handler reads the raw body itself (multipart uploads). */
  rawBody?: boolean;
  /** A larger JSON body limit than JSON_BODY_MAX_BYTES (messages carrying an image). */
  maxBodyBytes?: number;
  /**
   * How often a caller may make this request: an entry of RATE_LIMITS, or several counted together
   * in order. Counted after the input is checked, so a malformed request costs no count.
   */
  limit?: RateLimit | readonly RateLimit[];
}

type Infer<T> = T extends ZodType ? z.infer<T> : undefined;
type Handler<B, Q, U> = (ctx: RouteContext<B, Q> & { user: U }) => Promise<Response | unknown>;
type NextHandler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

const declared = new WeakMap<NextHandler, readonly RateLimit[]>();

/** The limits a handler made by route() declares (tests check that each route keeps its own). */
export function declaredLimits(handler: unknown): readonly RateLimit[] {
  return typeof handler === "function" ? (declared.get(handler as NextHandler) ?? []) : [];
}

/** The origin this site's own pages send (lib/site-origin.ts), by default from the environment. */
export function siteOrigin(req: Request, settings: OriginSettings = env): string | null {
  return originOf(req, settings);
}

/**
 * A mutation from another site (CSRF) carries that site's Origin, or Sec-Fetch-Site: cross-site.
 * The whole origin must match: https:// of the same host, or another port, is another site.
 */
export function isCrossSite(req: Request, settings: OriginSettings = env): boolean {
  if (req.headers.get("sec-fetch-site") === "cross-site") return true;
  const origin = req.headers.get("origin");
  if (origin === null) return false;
  return origin !== siteOrigin(req, settings);
}

// OpenAI's error types by status, as its clients expect them.
const OPENAI_ERROR_TYPES: Record<number, string> = {
  400: "invalid_request_error",
  401: "authentication_error",
  403: "permission_error",
  404: "not_found_error",
  413: "invalid_request_error",
  429: "rate_limit_error",
};

function errorBody(error: AppError, message: string, shape: ErrorShape, t: ServerTranslator): Record<string, unknown> {
  if (shape === "openai") {
    // OpenAI's shape has room for one problem: the first, named by its parameter.
    const [first] = Array.isArray(error.details) ? (error.details as { path?: unknown; message?: unknown }[]) : [];
    const param = typeof first?.path === "string" && first.path !== "" ? first.path : null;
    const problem = typeof first?.message === "string" ? (t.has(first.message as never) ? t(first.message as never) : first.message) : null;
    return {
      error: {
        message: problem ? `${message}: ${param ? `${param}: ` : ""}${problem}` : message,
        type: OPENAI_ERROR_TYPES[error.status] ?? "api_error",
        param,
        code: error.messageKey.includes(".") ? error.code : error.messageKey,
      },
    };
  }
  // The fields callers read beside `error` (requireAuth, aiMessage) sit there, never inside it (docs/rules/messages-and-errors.md#error-bodies).
  return {
    ...error.extra,
    error: { code: error.code, message, ...(error.details !== undefined ? { details: error.details } : {}) },
  } satisfies ErrorBody & Record<string, unknown>;
}

export function errorResponse(error: AppError, t: ServerTranslator, requestId?: string, shape: ErrorShape = "app"): NextResponse {
  // A bare key names an entry of "errors"; a dotted one is a whole key of its own namespace.
  const key = error.messageKey.includes(".") ? error.messageKey : `errors.${error.messageKey}`;
  const message = t.has(key as never) ? t(key as never, error.params as never) : t("errors.internal" as never);
  const body = errorBody(error, message, shape, t);
  const res = NextResponse.json(body, { status: error.status });
  for (const [k, v] of Object.entries(error.headers ?? {})) res.headers.set(k, v);
  if (requestId) res.headers.set("x-request-id", requestId);
  return res;
}

async function readJson(req: Request, maxBytes: number): Promise<unknown> {
  const length = Number(req.headers.get("content-length") ?? 0);
  if (length > maxBytes) throw new AppError("payload_too_large");
  // Read with a cap: a chunked body has no length to check up front.
  const parts: Uint8Array[] = [];
  let size = 0;
  if (req.body) {
    const reader = req.body.getReader();
    for (;;) {
      // A client that goes away mid-body has sent nothing to act on: 400, not a logged 500.
      const { done, value } = await reader.read().catch(() => {
        throw new AppError("bad_request");
      });
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw new AppError("payload_too_large");
      }
      parts.push(value);
    }
  }
  const text = Buffer.concat(parts).toString("utf8");
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("bad_request", { messageKey: "invalid_json" });
  }
}

/**
 * PostgreSQL text cannot hold U+0000, so a string carrying one would fail in SQL as a 500.
 * Returns the path of the first such string (or key) in validated input, walking iteratively.
 */
function nulPath(value: unknown): string | undefined {
  const stack: [unknown, string][] = [[value, ""]];
  while (stack.length > 0) {
    const [v, at] = stack.pop()!;
    if (typeof v === "string") {
      if (v.includes("\u0000")) return at;
    } else if (v !== null && typeof v === "object") {
      for (const [k, child] of Object.entries(v)) {
        const childPath = at ? `${at}.${k}` : k;
        if (k.includes("\u0000")) return childPath;
        stack.push([child, childPath]);
      }
    }
  }
  return undefined;
}

function rejectNul(value: unknown) {
  const at = nulPath(value);
  if (at !== undefined) {
    throw new AppError("validation", { details: [{ path: at, code: "invalid_format", message: "validation.invalidCharacter" }] });
  }
}

function validationError(error: ZodError): AppError {
  return new AppError("validation", {
    details: error.issues.map((i) => ({ path: i.path.join("."), code: i.code, message: i.message })),
  });
}

export function route<B extends ZodType | undefined = undefined, Q extends ZodType | undefined = undefined>(
  options: RouteOptions<B, Q> & { auth: "public" },
  handler: Handler<Infer<B>, Infer<Q>, User | null>,
): NextHandler;
export function route<B extends ZodType | undefined = undefined, Q extends ZodType | undefined = undefined>(
  options: RouteOptions<B, Q> & { auth: "apiKey" },
  handler: (ctx: RouteContext<Infer<B>, Infer<Q>> & { user: null; apiKey: KeyHolder }) => Promise<Response | unknown>,
): NextHandler;
export function route<B extends ZodType | undefined = undefined, Q extends ZodType | undefined = undefined>(
  options: RouteOptions<B, Q> & { auth: AuthRequirement },
  handler: Handler<Infer<B>, Infer<Q>, User>,
): NextHandler;
export function route<B extends ZodType | undefined, Q extends ZodType | undefined>(
  options: RouteOptions<B, Q>,
  handler: (ctx: never) => Promise<Response | unknown>,
): NextHandler {
  const limits: readonly RateLimit[] = options.limit === undefined ? [] : "name" in options.limit ? [options.limit] : options.limit;
  const handlerCounts = limits.some(countedByHandler);
  const keyed = options.auth === "apiKey";
  // The public API answers other origins, its refusals included (a browser shows a script nothing otherwise).
  const withCors = (res: NextResponse | Response) => {
    if (keyed) for (const [name, value] of Object.entries(API_CORS_HEADERS)) res.headers.set(name, value);
    return res;
  };
  const next: NextHandler = async (req, ctx) => {
    const requestId = req.headers.get("x-request-id")?.slice(0, 64) || randomUUID();
    const locale = localeOf(req);
    const t = translator(locale);
    const started = Date.now();
    const path = new URL(req.url).pathname;
    try {
      // A key route reads no cookie, so another site's request can borrow nobody's session.
      if (MUTATING.has(req.method) && !options.allowCrossSite && !keyed && isCrossSite(req)) {
        throw new AppError("forbidden", { messageKey: "cross_site" });
      }
      // A key never opens a route with a session, nor a session the public API.
      let user: User | null = null;
      let apiKey: KeyHolder | null = null;
      if (options.auth === "apiKey") apiKey = await authorizeApiKey(req);
      else {
        user = await userFromRequest(req);
        await authorize(options.auth, user);
      }

      const rawParams = (await ctx?.params) ?? {};
      const params = Object.fromEntries(
        Object.entries(rawParams).map(([k, v]) => [k, Array.isArray(v) ? v.join("/") : v]),
      ) as Record<string, string>;
      // No stored id contains NUL; answering 404 keeps such a path out of SQL.
      if (nulPath(params) !== undefined) throw new AppError("not_found");

      let body: unknown = undefined;
      if (options.body) {
        const parsed = options.body.safeParse(await readJson(req, options.maxBodyBytes ?? JSON_BODY_MAX_BYTES));
        if (!parsed.success) throw validationError(parsed.error);
        rejectNul(parsed.data);
        body = parsed.data;
      }
      let query: unknown = undefined;
      if (options.query) {
        const parsed = options.query.safeParse(Object.fromEntries(new URL(req.url).searchParams));
        if (!parsed.success) throw validationError(parsed.error);
        rejectNul(parsed.data);
        query = parsed.data;
      }
      // Counters of failures-only limits, given back when the request succeeds.
      const givenBackOnSuccess: string[] = [];
      const known = apiKey ? { key: apiKey.key.id } : {};
      if (limits.length > 0 && !handlerCounts) givenBackOnSuccess.push(...(await countRouteLimits(limits, req, user, known)));
      const countLimit: CountLimit = async (subjects) => {
        if (!handlerCounts) throw new Error(`${path} declares no limit its handler counts`);
        givenBackOnSuccess.push(...(await countRouteLimits(limits, req, user, { ...known, ...subjects })));
      };

      const result = await handler({ req, body, query, params, user, locale, t, requestId, countLimit, apiKey } as never);
      const res = result instanceof Response ? result : NextResponse.json(result ?? { ok: true });
      if (givenBackOnSuccess.length > 0 && res.ok) await giveBackCounts(givenBackOnSuccess);
      res.headers.set("x-request-id", requestId);
      log.info("request", { requestId, method: req.method, path, status: res.status, ms: Date.now() - started, userId: user?.id ?? apiKey?.owner.id });
      return withCors(res);
    } catch (error) {
      const appError = isAppError(error)
        ? error
        : error instanceof ZodError
          ? validationError(error)
          : undefined;
      if (appError) {
        log.info("request", { requestId, method: req.method, path, status: appError.status, code: appError.code, ms: Date.now() - started });
        return withCors(errorResponse(appError, t, requestId, options.errorShape));
      }
      log.error("unhandled error", { requestId, method: req.method, path, error });
      return withCors(errorResponse(new AppError("internal"), t, requestId, options.errorShape));
    }
  };
  declared.set(next, limits);
  return next;
}
