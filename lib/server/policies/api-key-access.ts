import "server-only";
import { API_KEY_LAST_USED_PRECISION_MS } from "@/lib/constants";
import { parseApiKey, queryCarriesKey, secretMatches } from "@/lib/server/auth/api-key-secret";
import { AppError } from "@/lib/server/errors";
import { log } from "@/lib/server/log";
import { findLiveApiKey, touchApiKey, type KeyHolder } from "@/lib/server/queries/api-keys";
import { canUseWorkspace } from "./workspace-access";

// Who may call the public API (/api/v1): a program presenting a live key of one assistant in the
// Authorization header. A key opens only those routes (route() reads no session on them and no
// other route reads a key), and only its own assistant (the routes compare the model it names).

const BEARER = /^Bearer\s+(\S+)\s*$/i;

function refused(messageKey: string): AppError {
  return new AppError("unauthorized", { messageKey, headers: { "WWW-Authenticate": 'Bearer realm="api"' } });
}

/**
 * The key's holder, or 401: none given, malformed (refused before the database is asked), not
 * found, revoked, or its secret wrong; 400 for a key in the query string. The key's owner must
 * still have a workspace (a disabled account's keys stop with it).
 */
export async function authorizeApiKey(req: Request): Promise<KeyHolder> {
  if (queryCarriesKey(new URL(req.url))) throw new AppError("bad_request", { messageKey: "api_key_in_query" });
  const header = req.headers.get("authorization");
  if (!header) throw refused("api_key_missing");
  const presented = BEARER.exec(header)?.[1];
  const parsed = presented ? parseApiKey(presented) : null;
  if (!parsed) throw refused("api_key_invalid");
  const holder = await findLiveApiKey(parsed.id);
  if (!holder || !secretMatches(parsed.secret, holder.key.secretHash) || holder.owner.disabled) throw refused("api_key_invalid");
  if (!(await canUseWorkspace(holder.owner))) throw new AppError("forbidden", { messageKey: "api_key_no_workspace" });
  // The last use is a convenience for the owner's list: a failure to note it must not fail the call.
  touchApiKey(holder.key.id, API_KEY_LAST_USED_PRECISION_MS).catch((error: unknown) => log.warn("api key use not noted", { error }));
  return holder;
}
