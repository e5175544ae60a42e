import "server-only";

// scripts/server.ts replaces any client-sent x-client-ip with the socket address (or, behind a
// trusted proxy, the last X-Forwarded-For hop, the one that proxy appended), so this header
// cannot be forged through it. Without it (next dev), the same rule.
export function clientIp(req: Request): string {
  const fromServer = req.headers.get("x-client-ip");
  if (fromServer) return fromServer;
  const forwarded = req.headers.get("x-forwarded-for");
  if (forwarded) {
    const hops = forwarded.split(",").map((h) => h.trim()).filter(Boolean);
    // Only the hop appended by the nearest proxy (ours, or the trusted one) is believable: the
    // client writes whatever it likes before it.
    const hop = hops[hops.length - 1];
    if (hop) return hop;
  }
  return "unknown";
}
