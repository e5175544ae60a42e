import "server-only";
import { env } from "@/lib/env";

// scripts/server.ts replaces any client-sent x-client-ip with the socket address (or, behind a
// trusted proxy, the first X-Forwarded-For hop), so this header cannot be forged through it.
export function clientIp(req: Request): string {
  const fromServer = req.headers.get("x-client-ip");
  if (fromServer) return fromServer;
  const forwarded = req.headers.get("x-forwarded-for");
  if (forwarded) {
    const hops = forwarded.split(",").map((h) => h.trim()).filter(Boolean);
    // Without a trusted proxy only the hop added by our own server is believable: the last one.
    const hop = env.TRUST_PROXY ? hops[0] : hops[hops.length - 1];
    if (hop) return hop;
  }
  return "unknown";
}
