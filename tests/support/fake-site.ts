import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { SafeFetchOptions } from "@/lib/server/outbound/safe-fetch";

export type FakePages = Record<string, (res: ServerResponse) => void>;

/**
 * A loopback web server standing in for the sites people link to or add. The outbound rules
 * refuse loopback, so tests fetch from it under their own *.test names, resolved to it, with only
 * its address and port allowed (`fetchOptions`). It counts connections, to show that a refused
 * address was never connected to, and records the paths asked for.
 */
export async function startFakeSite(pages: FakePages) {
  const site = { port: 0, connections: 0, requests: [] as string[] };
  const server = createServer((req, res) => {
    site.requests.push(req.url ?? "");
    (pages[new URL(req.url ?? "/", "http://x").pathname] ?? ((r) => r.writeHead(404).end()))(res);
  });
  server.on("connection", (socket) => {
    site.connections++;
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  site.port = (server.address() as AddressInfo).port;
  return Object.assign(site, {
    /** Forget the counts between tests. */
    reset() {
      site.connections = 0;
      site.requests = [];
    },
    fetchOptions: (): Partial<SafeFetchOptions> => ({
      resolve: async (hostname) => (hostname.endsWith(".test") ? [{ address: "127.0.0.1", family: 4 }] : []),
      allowAddress: (address) => address === "127.0.0.1",
      ports: [site.port],
    }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
