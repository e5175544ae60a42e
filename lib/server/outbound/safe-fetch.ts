import "server-only";
import { promises as dns, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { env } from "@/lib/env";
import { IPV4_MULTICAST, IPV4_SPECIAL_PURPOSE, IPV6_GLOBAL_UNICAST, IPV6_NAT64_WELL_KNOWN, IPV6_SPECIAL_PURPOSE } from "./special-purpose-addresses";

// The only way the server fetches a URL someone else chose (link previews, web pages added as
// documents; docs/rules/security.md#outbound-fetches): http(s) on ports 80 and 443 only; never loopback, private, link-local,
// unspecified or otherwise special addresses in any spelling; the address is checked when the
// socket connects (our own DNS look-up feeds the connection, so a name cannot re-bind between a
// check and the connect); every redirect is checked again; body and time are capped. The one
// exception is the operator's: hosts named in OUTBOUND_ALLOWED_HOSTS (host and port exactly) may
// be on their own network; a redirect from one to anywhere else is checked like any other.

export class OutboundRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "OutboundRefused";
  }
}

function blockList(family: "ipv4" | "ipv6", blocks: readonly string[]): BlockList {
  const list = new BlockList();
  for (const block of blocks) {
    const [net, prefix] = block.split("/");
    list.addSubnet(net, Number(prefix), family);
  }
  return list;
}

const refusedIpv4 = blockList("ipv4", [...IPV4_SPECIAL_PURPOSE.map((row) => row.block), IPV4_MULTICAST]);
const refusedIpv6 = blockList("ipv6", IPV6_SPECIAL_PURPOSE.filter((row) => row.block !== IPV6_NAT64_WELL_KNOWN).map((row) => row.block));
const globalUnicast = blockList("ipv6", [IPV6_GLOBAL_UNICAST]);
const nat64 = blockList("ipv6", [IPV6_NAT64_WELL_KNOWN]);

/** The IPv4 address in the last 32 bits of a valid IPv6 address inside the NAT64 /96. */
function embeddedIpv4(address: string): string {
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (dotted) return dotted[1];
  // The groups before are fixed by the prefix, so the last two are written out (or compressed to nothing: zero).
  const [high, low] = address.split(":").slice(-2).map((group) => parseInt(group || "0", 16));
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/**
 * Whether an IP address (as Node or the URL parser writes it) may be fetched from: not in any row
 * of the special-purpose registries, not IPv4 multicast, and for IPv6 inside global unicast.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = isIP(bare);
  if (family === 4) return !refusedIpv4.check(bare, "ipv4");
  if (family !== 6) return false;
  if (nat64.check(bare, "ipv6")) return isPublicAddress(embeddedIpv4(bare));
  return globalUnicast.check(bare, "ipv6") && !refusedIpv6.check(bare, "ipv6");
}

const WEB_PORTS: readonly number[] = [80, 443];

/** Whether the operator allowed this URL's host and port (OUTBOUND_ALLOWED_HOSTS), the port written out. */
function operatorAllowed(url: URL, options: Pick<SafeFetchOptions, "trustedHosts">): boolean {
  const hostPort = `${url.hostname.toLowerCase()}:${url.port || (url.protocol === "https:" ? "443" : "80")}`;
  return (options.trustedHosts ?? env.OUTBOUND_ALLOWED_HOSTS).includes(hostPort);
}

/** Checks a URL before any connection: scheme, port, credentials, and a literal address. */
export function checkOutboundUrl(raw: string | URL, options: Pick<SafeFetchOptions, "ports" | "allowAddress" | "trustedHosts"> = {}): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefused("invalid_url");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new OutboundRefused("scheme");
  if (operatorAllowed(url, options)) {
    if (url.username || url.password) throw new OutboundRefused("credentials");
    return url;
  }
  if (url.port !== "" && !(options.ports ?? WEB_PORTS).includes(Number(url.port))) throw new OutboundRefused("port");
  if (url.username || url.password) throw new OutboundRefused("credentials");
  // The URL parser has already turned 2130706433, 0x7f.1 and 017700000001 into 127.0.0.1.
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) && !(options.allowAddress ?? isPublicAddress)(host)) throw new OutboundRefused("address");
  if (host === "" || host === "localhost" || host.endsWith(".localhost") || !host.includes(".") && !isIP(host)) throw new OutboundRefused("address");
  return url;
}

/**
 * The connection's DNS look-up: resolves the name, and fails unless every address it gives is
 * allowed. The socket then connects to exactly the address checked here.
 */
function checkedLookup(options: SafeFetchOptions, anyAddress: boolean): LookupFunction {
  const allowed = anyAddress ? () => true : (options.allowAddress ?? isPublicAddress);
  const resolve = options.resolve ?? ((hostname: string) => dns.lookup(hostname, { all: true, verbatim: true }));
  return (hostname, lookupOptions, callback) => {
    resolve(hostname).then(
      (list) => {
        if (list.length === 0 || list.some((a) => !allowed(a.address))) {
          callback(Object.assign(new Error(`refused address for ${hostname}`), { code: "EREFUSEDADDRESS" }), "", 0);
        } else if ((lookupOptions as { all?: boolean }).all) {
          (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
        } else {
          callback(null, list[0].address, list[0].family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 0),
    );
  };
}

export interface SafeResponse {
  url: URL;
  status: number;
  contentType: string;
  body: Buffer;
  /** The body was longer than the cap and was cut. */
  truncated: boolean;
}

export interface SafeFetchOptions {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
  accept: string;
  /** Name resolution (default: the system resolver). Tests resolve their own names to loopback. */
  resolve?: (hostname: string) => Promise<LookupAddress[]>;
  /** Which addresses may be connected to (default: public ones). Tests allow their loopback server. */
  allowAddress?: (address: string) => boolean;
  /** Ports allowed (default 80 and 443). Tests use their server's port. */
  ports?: readonly number[];
  /** "host:port" entries fetched whatever their address (default: OUTBOUND_ALLOWED_HOSTS). */
  trustedHosts?: readonly string[];
  /** Sent as User-Agent (default: the link previewer's). */
  userAgent?: string;
}

function requestOnce(url: URL, options: SafeFetchOptions, signal: AbortSignal): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer; truncated: boolean }> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http;
    const anyAddress = operatorAllowed(url, options);
    const req = client.request(
      url,
      {
        method: "GET",
        signal,
        lookup: checkedLookup(options, anyAddress),
        headers: { accept: options.accept, "user-agent": options.userAgent ?? "DocChatLinkPreview/1.0", "accept-encoding": "identity" },
        // No pooled sockets: each hop is looked up and checked again.
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        let truncated = false;
        res.on("data", (chunk: Buffer) => {
          if (truncated) return;
          size += chunk.length;
          if (size > options.maxBytes) {
            chunks.push(chunk.subarray(0, chunk.length - (size - options.maxBytes)));
            truncated = true;
            res.destroy();
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), truncated });
            return;
          }
          chunks.push(chunk);
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), truncated }));
        res.on("error", (error) => (truncated ? undefined : reject(error)));
      },
    );
    // A literal address skips DNS: check the socket's peer once it is connected as well.
    req.on("socket", (socket) => {
      socket.once("connect", () => {
        const address = socket.remoteAddress ?? "";
        const allowed = anyAddress || (options.allowAddress ? options.allowAddress(address) : isPublicAddress(address));
        if (!allowed) req.destroy(new OutboundRefused("address"));
      });
    });
    req.on("error", reject);
    req.end();
  });
}

/** GET with every outbound rule applied; redirects followed by hand (at most maxRedirects), each checked. */
export async function safeFetch(raw: string, options: SafeFetchOptions): Promise<SafeResponse> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url = checkOutboundUrl(raw, options);
  for (let hop = 0; ; hop++) {
    const res = await requestOnce(url, options, signal).catch((error: unknown) => {
      if (error instanceof OutboundRefused) throw error;
      if ((error as { code?: string }).code === "EREFUSEDADDRESS") throw new OutboundRefused("address");
      throw error;
    });
    const location = res.headers.location;
    if (res.status >= 300 && res.status < 400 && location) {
      if (hop >= options.maxRedirects) throw new OutboundRefused("too_many_redirects");
      url = checkOutboundUrl(new URL(location, url), options);
      continue;
    }
    return { url, status: res.status, contentType: String(res.headers["content-type"] ?? ""), body: res.body, truncated: res.truncated };
  }
}
