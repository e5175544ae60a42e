import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { NextRequest } from "next/server";

// The app's own route handlers behind a real HTTP server on loopback, so a client that speaks
// HTTP (the openai npm package, plain fetch as curl would) can be pointed at them. Each entry maps
// a path pattern to a route module; its named groups become the handler's params.

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
export type RouteModule = Partial<Record<"GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS", Handler>>;

export interface RouteServer {
  baseUrl: string;
  close(): Promise<void>;
}

export async function startRouteServer(routes: [RegExp, RouteModule][]): Promise<RouteServer> {
  const sockets = new Set<import("node:net").Socket>();
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
      const found = routes.map(([pattern, module]) => ({ match: pattern.exec(url.pathname), module })).find((r) => r.match);
      const handler = found?.module[req.method as keyof RouteModule];
      if (!found || !handler) {
        res.writeHead(found ? 405 : 404).end();
        return;
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
      const hasBody = req.method !== "GET" && req.method !== "HEAD";
      // A streamed body needs duplex "half", which Next's RequestInit type does not name.
      const init = { method: req.method, headers, body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined, duplex: "half" };
      const request = new NextRequest(url, init as ConstructorParameters<typeof NextRequest>[1]);
      const response = await handler(request, { params: Promise.resolve({ ...found.match!.groups }) });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      if (response.body) {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) res.write(chunk);
      }
      res.end();
    })().catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
