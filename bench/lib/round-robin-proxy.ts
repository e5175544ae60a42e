// A small HTTP load balancer on loopback for bench:scale-out: each request goes to the next
// upstream in turn over keep-alive connections, bodies streamed both ways, headers passed as they
// came (Set-Cookie included).
import http from "node:http";
import type { AddressInfo } from "node:net";

export async function startRoundRobinProxy(upstreams: string[]): Promise<{ url: string; setUpstreams(next: string[]): void; close(): Promise<void> }> {
  let targets = upstreams.map((u) => new URL(u));
  let turn = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const server = http.createServer((req, res) => {
    const target = targets[turn++ % targets.length];
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end("bad gateway");
    });
    req.pipe(upstream);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setUpstreams: (next) => {
      targets = next.map((u) => new URL(u));
    },
    close: async () => {
      agent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
