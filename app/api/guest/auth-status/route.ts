import { route } from "@/lib/server/http/route";

// GET /api/guest/auth-status: whether the visitor of a shared page is signed in (Google or account).
export const GET = route({ auth: "public" }, async ({ user }) => ({
  isAuthenticated: user !== null,
  user: user ? { id: user.id, displayName: user.displayName, email: user.email, role: user.role } : null,
}));
