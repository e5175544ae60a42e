import "server-only";
import { randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import type { Plan, Role } from "@/lib/constants";
import { getDb, type Db } from "@/lib/server/db/client";
import { documents, users, type NewUser, type User } from "@/lib/server/db/schema";

// Serialises every change that could leave the product without an admin (first run, demotion,
// disabling, deletion) so two concurrent requests cannot both pass the "another admin exists" check.
const ADMIN_GUARD_LOCK = 727_275;

const REFERRAL_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

export function newReferralCode(): string {
  const bytes = randomBytes(8);
  return Array.from(bytes, (b) => REFERRAL_ALPHABET[b % REFERRAL_ALPHABET.length]).join("");
}

export function normalizeEmail(email: string) {
  return email.trim().toLowerCase();
}

export async function findUserById(id: string): Promise<User | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByEmail(email: string): Promise<User | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(users).where(eq(users.email, normalizeEmail(email)));
  return row;
}

export async function findUserByGoogleSub(sub: string): Promise<User | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(users).where(eq(users.googleSub, sub));
  return row;
}

export async function countUsers(): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(users);
  return Number(row.n);
}

type CreateUserInput = Omit<NewUser, "id" | "referralCode" | "email"> & { email: string };

async function insertUser(db: Db, input: CreateUserInput): Promise<User | undefined> {
  // A referral-code collision is astronomically rare; a few tries settle it.
  for (let attempt = 0; attempt < 5; attempt++) {
    const rows = await db
      .insert(users)
      .values({ ...input, email: normalizeEmail(input.email), referralCode: newReferralCode() })
      .onConflictDoNothing()
      .returning();
    if (rows[0]) return rows[0];
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, normalizeEmail(input.email)));
    if (existing) return undefined;
  }
  throw new Error("Could not allocate a referral code");
}

/** Creates a user; `undefined` when the e-mail is already taken. */
export async function createUser(input: CreateUserInput): Promise<User | undefined> {
  return insertUser(await getDb(), input);
}

/**
 * Creates the first admin only while no user exists. Concurrent callers are serialised by an
 * advisory lock, so exactly one of them succeeds.
 */
export async function createFirstAdmin(input: Omit<CreateUserInput, "role">): Promise<User | undefined> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADMIN_GUARD_LOCK})`);
    const [row] = await tx.select({ n: count() }).from(users);
    if (Number(row.n) > 0) return undefined;
    return insertUser(tx as unknown as Db, { ...input, role: "admin" });
  });
}

export interface ListUsersInput {
  search?: string;
  role?: Role;
  limit: number;
  offset: number;
}

export async function listUsers({ search, role, limit, offset }: ListUsersInput) {
  const db = await getDb();
  const filters: SQL[] = [];
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(or(ilike(users.email, pattern), ilike(users.displayName, pattern)) as SQL);
  }
  if (role) filters.push(eq(users.role, role));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select().from(users).where(where).orderBy(desc(users.createdAt), asc(users.email)).limit(limit).offset(offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { users: rows, total: Number(total.n) };
}

export interface UserChanges {
  role?: Role;
  plan?: Plan;
  disabled?: boolean;
  displayName?: string;
  trialEndsAt?: Date | null;
  /** With plan "supporter": the grant's end (null: none). Setting the plan without it clears it. */
  supporterUntil?: Date | null;
}

export type GuardedResult<T> = { ok: true; value: T } | { ok: false; reason: "not_found" | "last_admin" };

async function otherActiveAdmins(db: Db, exceptId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.disabled, false), ne(users.id, exceptId)));
  return Number(row.n);
}

/**
 * Applies admin changes to a user. Changes that end a user's rights (role, disabling) also end
 * their sessions. The last active admin can be neither demoted nor disabled.
 */
export async function updateUserGuarded(id: string, changes: UserChanges): Promise<GuardedResult<User>> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADMIN_GUARD_LOCK})`);
    const [current] = await tx.select().from(users).where(eq(users.id, id));
    if (!current) return { ok: false, reason: "not_found" } as const;
    const losesAdmin =
      current.role === "admin" &&
      !current.disabled &&
      ((changes.role !== undefined && changes.role !== "admin") || changes.disabled === true);
    if (losesAdmin && (await otherActiveAdmins(tx as unknown as Db, id)) === 0) {
      return { ok: false, reason: "last_admin" } as const;
    }
    const endsSessions =
      (changes.role !== undefined && changes.role !== current.role) ||
      (changes.disabled !== undefined && changes.disabled !== current.disabled);
    // A plan set without an end date is open-ended: an old grant's end must not linger.
    const supporterUntil = changes.plan === undefined ? changes.supporterUntil : changes.plan === "supporter" ? (changes.supporterUntil ?? null) : null;
    const [updated] = await tx
      .update(users)
      .set({
        ...changes,
        ...(supporterUntil !== undefined ? { supporterUntil } : {}),
        updatedAt: new Date(),
        ...(endsSessions ? { sessionVersion: sql`${users.sessionVersion} + 1` } : {}),
      })
      .where(eq(users.id, id))
      .returning();
    return { ok: true, value: updated } as const;
  });
}

/** Deletes the user and everything they own; returns their documents' storage keys (the files go after the commit). */
export async function deleteUserGuarded(id: string): Promise<GuardedResult<{ storageKeys: string[] }>> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADMIN_GUARD_LOCK})`);
    const [current] = await tx.select().from(users).where(eq(users.id, id));
    if (!current) return { ok: false, reason: "not_found" } as const;
    if (current.role === "admin" && !current.disabled && (await otherActiveAdmins(tx as unknown as Db, id)) === 0) {
      return { ok: false, reason: "last_admin" } as const;
    }
    const owned = await tx.select({ storageKey: documents.storageKey }).from(documents).where(eq(documents.userId, id));
    await tx.delete(users).where(eq(users.id, id));
    return { ok: true, value: { storageKeys: owned.map((d) => d.storageKey) } } as const;
  });
}

/** The id of the user whose referral code this is. */
export async function findUserIdByReferralCode(db: Db, code: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.referralCode, code));
  return row?.id;
}

/**
 * Locks users' rows until the transaction ends, always in id order, so two transactions locking
 * overlapping pairs (A invites B while B invites A) wait for each other instead of deadlocking.
 */
export async function lockUsersForUpdate(db: Db, ids: string[]): Promise<User[]> {
  if (ids.length === 0) return [];
  return db.select().from(users).where(inArray(users.id, ids)).orderBy(asc(users.id)).for("update");
}

/** Sets a trial's end, and for an invitee who their inviter is. */
export async function setReferralTrial(db: Db, input: { userId: string; trialEndsAt: Date; referredById?: string }): Promise<User> {
  const [row] = await db
    .update(users)
    .set({
      trialEndsAt: input.trialEndsAt,
      ...(input.referredById ? { referredById: input.referredById } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, input.userId))
    .returning();
  return row;
}

export async function setPassword(id: string, passwordHash: string): Promise<User | undefined> {
  const db = await getDb();
  const [row] = await db
    .update(users)
    .set({ passwordHash, updatedAt: new Date(), sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function updateProfile(id: string, changes: { displayName?: string; locale?: string }) {
  const db = await getDb();
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function touchLastLogin(id: string) {
  const db = await getDb();
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, id));
}

/** Links a Google account to the user with that verified e-mail, or creates an ordinary user. */
export async function upsertGoogleUser(input: { sub: string; email: string; name: string }): Promise<User> {
  const bySub = await findUserByGoogleSub(input.sub);
  if (bySub) return bySub;
  const db = await getDb();
  const email = normalizeEmail(input.email);
  const [linked] = await db
    .update(users)
    .set({ googleSub: input.sub, updatedAt: new Date() })
    .where(and(eq(users.email, email), sql`${users.googleSub} IS NULL`))
    .returning();
  if (linked) return linked;
  const created = await createUser({ email, displayName: input.name || email.split("@")[0], role: "user" });
  if (created) {
    const [withSub] = await db.update(users).set({ googleSub: input.sub }).where(eq(users.id, created.id)).returning();
    return withSub;
  }
  // Lost a race with a concurrent sign-in of the same account: read what the winner wrote.
  const again = await findUserByGoogleSub(input.sub);
  if (again) return again;
  throw new Error("Google account is linked to another user with the same e-mail");
}
