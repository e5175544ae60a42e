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
import { AppError, isAppError } from "@/lib/server/errors";
import { countedByHandler, type CountLimit, type RateLimit } from "@/lib/server/policies/rate-limits";
import { countRouteLimits, giveBackCounts } from "./rate-limit";
import { siteOrigin as originOf, type OriginSettings } from "@/lib/site-origin";

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
}

export interface RouteOptions<B extends ZodType | undefined, Q extends ZodType | undefined> {
  auth: AuthRequirement;
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

export function errorResponse(error: AppError, t: ServerTranslator, requestId?: string): NextResponse {
  // A bare key names an entry of "errors"; a dotted one is a whole key of its own namespace.
  const key = error.messageKey.includes(".") ? error.messageKey : `errors.${error.messageKey}`;
  const message = t.has(key as never) ? t(key as never, error.params as never) : t("errors.internal" as never);
  // The fields callers read beside `error` (requireAuth, aiMessage) sit there, never inside it (docs/rules/messages-and-errors.md#error-bodies).
  const body: ErrorBody & Record<string, unknown> = {
    ...error.extra,
    error: { code: error.code, message, ...(error.details !== undefined ? { details: error.details } : {}) },
  };
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
  options: RouteOptions<B, Q>,
  handler: Handler<Infer<B>, Infer<Q>, User>,
): NextHandler;
export function route<B extends ZodType | undefined, Q extends ZodType | undefined>(
  options: RouteOptions<B, Q>,
  handler: Handler<Infer<B>, Infer<Q>, never>,
): NextHandler {
  const limits: readonly RateLimit[] = options.limit === undefined ? [] : "name" in options.limit ? [options.limit] : options.limit;
  const handlerCounts = limits.some(countedByHandler);
  const next: NextHandler = async (req, ctx) => {
    const requestId = req.headers.get("x-request-id")?.slice(0, 64) || randomUUID();
    const locale = localeOf(req);
    const t = translator(locale);
    const started = Date.now();
    const path = new URL(req.url).pathname;
    try {
      if (MUTATING.has(req.method) && !options.allowCrossSite && isCrossSite(req)) {
        throw new AppError("forbidden", { messageKey: "cross_site" });
      }
      const user = await userFromRequest(req);
      await authorize(options.auth, user);

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
      if (limits.length > 0 && !handlerCounts) givenBackOnSuccess.push(...(await countRouteLimits(limits, req, user)));
      const countLimit: CountLimit = async (subjects) => {
        if (!handlerCounts) throw new Error(`${path} declares no limit its handler counts`);
        givenBackOnSuccess.push(...(await countRouteLimits(limits, req, user, subjects)));
      };

      const result = await handler({ req, body, query, params, user, locale, t, requestId, countLimit } as never);
      const res = result instanceof Response ? result : NextResponse.json(result ?? { ok: true });
      if (givenBackOnSuccess.length > 0 && res.ok) await giveBackCounts(givenBackOnSuccess);
      res.headers.set("x-request-id", requestId);
      log.info("request", { requestId, method: req.method, path, status: res.status, ms: Date.now() - started, userId: user?.id });
      return res;
    } catch (error) {
      const appError = isAppError(error)
        ? error
        : error instanceof ZodError
          ? validationError(error)
          : undefined;
      if (appError) {
        log.info("request", { requestId, method: req.method, path, status: appError.status, code: appError.code, ms: Date.now() - started });
        return errorResponse(appError, t, requestId);
      }
      log.error("unhandled error", { requestId, method: req.method, path, error });
      return errorResponse(new AppError("internal"), t, requestId);
    }
  };
  declared.set(next, limits);
  return next;
}
