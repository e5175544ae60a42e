import type { PublicPlanStatus, PublicUser } from "@/lib/server/present/api-types";

/**
 * The signed-in user's data key (GET /api/user). Here, not in the "use client" hook that reads it:
 * a server component that seeds the cache with it (app-shell.tsx) would get a client reference
 * from that module, not the string, and the cache entry would never match.
 */
export const CURRENT_USER_KEY = "/api/user";

/** The plan that holds now and its limits (the server's effective plan). */
export type ClientPlanStatus = PublicPlanStatus;

/** The user as the browser sees it (GET /api/user), as the server presents it. */
export type ClientUser = PublicUser;
