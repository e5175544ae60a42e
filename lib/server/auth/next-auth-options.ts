import "server-only";
import type { AuthOptions } from "next-auth";
import GoogleProvider from "next-auth/providers/google";
import { env } from "@/lib/env";
import { SESSION_MAX_AGE_S } from "@/lib/constants";
import { log } from "@/lib/server/log";
import { findUserByGoogleSub, touchLastLogin, upsertGoogleUser } from "@/lib/server/queries/users";
import { getAuthSecret } from "./secret";
import { activeUserForClaims, revokeClaims, sessionClaims } from "./session";

interface GoogleProfile {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

/**
 * next-auth runs the Google OpenID flow (state, PKCE, id-token checks) and issues the JWT session
 * cookie. The issuer is configurable so tests run the whole flow against a local OpenID provider.
 * A Google sign-in links to the account with the same verified e-mail or creates an ordinary user;
 * it never grants more than the role the account already has.
 */
export async function getAuthOptions(): Promise<AuthOptions> {
  const issuer = env.GOOGLE_ISSUER.replace(/\/+$/, "");
  return {
    secret: await getAuthSecret(),
    useSecureCookies: env.secureCookies,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_S },
    pages: { signIn: "/auth", error: "/auth" },
    providers: env.googleEnabled
      ? [
          GoogleProvider({
            clientId: env.GOOGLE_CLIENT_ID!,
            clientSecret: env.GOOGLE_CLIENT_SECRET!,
            wellKnown: `${issuer}/.well-known/openid-configuration`,
            issuer,
            authorization: { params: { scope: "openid email profile", prompt: "select_account" } },
          }),
        ]
      : [],
    callbacks: {
      async signIn({ account, profile }) {
        if (account?.provider !== "google") return false;
        const google = profile as GoogleProfile | undefined;
        if (!google?.sub || !google.email || google.email_verified === false) return false;
        const existing = await findUserByGoogleSub(google.sub);
        return !existing?.disabled;
      },
      async jwt({ token, account, profile }) {
        if (account?.provider === "google" && profile) {
          const google = profile as GoogleProfile;
          const user = await upsertGoogleUser({ sub: google.sub, email: google.email!, name: google.name ?? "" });
          if (user.disabled) throw new Error("disabled");
          await touchLastLogin(user.id);
          log.info("google sign-in", { userId: user.id });
          return sessionClaims(user);
        }
        // Reading the session (GET /api/auth/session) re-checks the account like every API route:
        // a disabled or deleted user, or an ended session, gets no session and a cleared cookie.
        if (!(await activeUserForClaims(token))) throw new Error("session ended");
        return token;
      },
      async redirect({ url, baseUrl }) {
        // Only ever back to this site.
        if (url.startsWith("/") && !url.startsWith("//")) return `${baseUrl}${url}`;
        try {
          if (new URL(url).origin === new URL(baseUrl).origin) return url;
        } catch {
          // Not a URL: fall through to the home page.
        }
        return baseUrl;
      },
    },
    events: {
      // next-auth's own sign-out endpoint ends the session on the server too, as POST /api/logout does.
      async signOut({ token }) {
        await revokeClaims(token);
      },
    },
    logger: {
      error: (code, metadata) => log.error("next-auth", { code, metadata }),
      warn: (code) => log.warn("next-auth", { code }),
      debug: () => {},
    },
  };
}
