// npm run user:create -- --email someone@example.com --role admin [--password …] [--name …] [--plan supporter]
// Creates the user, or updates the role (and password, plan, name when given) of an existing one.
// With the embedded database, stop the server first: one PGlite directory has one owner at a time.
import { parseArgs } from "node:util";
import { randomBytes } from "node:crypto";
import { PLANS, ROLES, type Plan, type Role } from "@/lib/constants";
import { emailSchema, passwordSchema, displayNameSchema } from "@/lib/schemas/auth";
import { getDatabase } from "@/lib/server/db/client";
import { hashPassword } from "@/lib/server/auth/password";
import { createUser, findUserByEmail, normalizeEmail, setPassword, updateUserGuarded } from "@/lib/server/queries/users";

function fail(message: string): never {
  console.error(`user:create: ${message}`);
  process.exit(1);
}

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    role: { type: "string", default: "user" },
    password: { type: "string" },
    name: { type: "string" },
    plan: { type: "string" },
  },
});

const email = emailSchema.safeParse(values.email ?? "");
if (!email.success) fail("--email must be a valid e-mail address");
if (!(ROLES as readonly string[]).includes(values.role!)) fail(`--role must be one of ${ROLES.join(", ")}`);
if (values.plan && !(PLANS as readonly string[]).includes(values.plan)) fail(`--plan must be one of ${PLANS.join(", ")}`);
if (values.password && !passwordSchema.safeParse(values.password).success) fail("--password must have 8 to 200 characters");
const name = values.name ? displayNameSchema.safeParse(values.name) : undefined;
if (name && !name.success) fail("--name must have 1 to 50 characters");

const address = normalizeEmail(email.data);
const role = values.role as Role;
const plan = values.plan as Plan | undefined;
const handle = await getDatabase().catch((error: Error) => fail(error.message));

try {
  const existing = await findUserByEmail(email.data);
  if (existing) {
    const result = await updateUserGuarded(existing.id, { role, ...(plan ? { plan } : {}), ...(name?.success ? { displayName: name.data } : {}) });
    if (!result.ok) fail(result.reason === "last_admin" ? "that would leave no active admin" : "user not found");
    if (values.password) await setPassword(existing.id, await hashPassword(values.password));
    console.log(`Updated ${address}: role ${role}${plan ? `, plan ${plan}` : ""}${values.password ? ", new password" : ""}.`);
  } else {
    const password = values.password ?? randomBytes(12).toString("base64url");
    const created = await createUser({
      email: address,
      displayName: name?.success ? name.data : address.split("@")[0],
      passwordHash: await hashPassword(password),
      role,
      plan: plan ?? "free",
    });
    if (!created) fail("a user with that e-mail appeared meanwhile");
    console.log(`Created ${address} with role ${role}.`);
    if (!values.password) console.log(`Password: ${password}`);
  }
} finally {
  await handle.close();
}
