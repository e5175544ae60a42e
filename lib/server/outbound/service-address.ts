import "server-only";
import { promises as dns, type LookupAddress } from "node:dns";
import { BlockList, isIP, type LookupFunction, type Socket } from "node:net";
import { env } from "@/lib/env";
import { isPublicAddress, OutboundRefused } from "./safe-fetch";

// Where the admin screens may point the server's own services (the mail server, the AI service):
// the link previews' address rule (safe-fetch.ts), applied to the host when it is saved and again
// to every address the connection resolves to, whatever the port. Two opt-ins reach a private
// network, for a company relay or a model served on the local network (Ollama, vLLM): the
// operator naming "host:port" in OUTBOUND_ALLOWED_HOSTS, or the admin ticking "on my own
// network" for that service. Even then, link-local addresses (where cloud metadata services
// answer) and unspecified, multicast or broadcast ones stay refused.

/** Whether a service may be on a private network, and which hosts the operator named. */
export interface ServiceAddressPolicy {
  allowPrivateNetwork: boolean;
  trustedHosts?: readonly string[];
}

function blockList(entries: readonly [string, number, "ipv4" | "ipv6"][]): BlockList {
  const list = new BlockList();
  for (const [net, prefix, family] of entries) list.addSubnet(net, prefix, family);
  return list;
}

// A private network in the ordinary sense: RFC 1918, shared address space, loopback, unique local.
const privateNetwork = blockList([
  ["10.0.0.0", 8, "ipv4"],
  ["172.16.0.0", 12, "ipv4"],
  ["192.168.0.0", 16, "ipv4"],
  ["100.64.0.0", 10, "ipv4"],
  ["127.0.0.0", 8, "ipv4"],
  ["::1", 128, "ipv6"],
  ["fc00::", 7, "ipv6"],
]);
// The cloud instance metadata address some providers give inside the unique-local block.
const metadataIpv6 = blockList([["fd00:ec2::254", 128, "ipv6"]]);

/** An address on the operator's own network (never link-local, where metadata services answer). */
export function isPrivateNetworkAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return isPrivateNetworkAddress(mapped[1]);
  const family = isIP(bare);
  if (family === 4) return privateNetwork.check(bare, "ipv4");
  if (family === 6) return privateNetwork.check(bare, "ipv6") && !metadataIpv6.check(bare, "ipv6");
  return false;
}

function addressAllowed(address: string, policy: ServiceAddressPolicy): boolean {
  return isPublicAddress(address) || (policy.allowPrivateNetwork && isPrivateNetworkAddress(address));
}

function operatorNamed(host: string, port: number, policy: ServiceAddressPolicy): boolean {
  const bare = host.toLowerCase();
  const written = isIP(bare) === 6 ? `[${bare}]` : bare;
  return (policy.trustedHosts ?? env.OUTBOUND_ALLOWED_HOSTS).includes(`${written}:${port}`);
}

/**
 * The host as an address parser reads it: 2130706433, 0x7f.1 and 017700000001 are 127.0.0.1 to
 * the system resolver too, so they are judged as that.
 */
function canonicalHost(host: string): string {
  const bare = host.replace(/^\[|\]$/g, "").toLowerCase();
  if (isIP(bare)) return bare;
  try {
    return new URL(`http://${bare}`).hostname.replace(/^\[|\]$/g, "");
  } catch {
    return bare;
  }
}

/**
 * Checks a service's host before anything is saved or sent: a literal address must be allowed,
 * and a name must look like one on the internet (not "localhost", not a single label) unless
 * private networks are allowed for it. Throws OutboundRefused("address").
 */
export function checkServiceHost(host: string, port: number, policy: ServiceAddressPolicy): void {
  const bare = canonicalHost(host);
  if (operatorNamed(bare, port, policy)) return;
  if (isIP(bare)) {
    if (!addressAllowed(bare, policy)) throw new OutboundRefused("address");
    return;
  }
  const localName = bare === "" || bare === "localhost" || bare.endsWith(".localhost") || !bare.includes(".");
  if (localName && !policy.allowPrivateNetwork) throw new OutboundRefused("address");
}

/** The URL form of checkServiceHost (the AI service's base URL), its port written out or implied. */
export function checkServiceUrl(raw: string, policy: ServiceAddressPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefused("invalid_url");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new OutboundRefused("scheme");
  checkServiceHost(url.hostname, Number(url.port || (url.protocol === "https:" ? 443 : 80)), policy);
  return url;
}

/**
 * The connection's DNS look-up for a service: every address the name resolves to must be
 * allowed, and the socket connects to exactly the address checked (no re-binding in between).
 */
export function serviceLookup(host: string, port: number, policy: ServiceAddressPolicy, resolve = (name: string) => dns.lookup(name, { all: true, verbatim: true })): LookupFunction {
  const anyAddress = operatorNamed(host, port, policy);
  return (hostname, lookupOptions, callback) => {
    resolve(hostname).then(
      (list: LookupAddress[]) => {
        if (list.length === 0 || (!anyAddress && list.some((a) => !addressAllowed(a.address, policy)))) {
          callback(Object.assign(new OutboundRefused("address"), { code: "EREFUSEDADDRESS" }), "", 0);
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

/** A literal address skips the look-up: the connected peer is checked as well, and the socket ended if refused. */
export function guardConnectedPeer(socket: Socket, host: string, port: number, policy: ServiceAddressPolicy): void {
  if (operatorNamed(host, port, policy)) return;
  socket.once("connect", () => {
    if (!addressAllowed(socket.remoteAddress ?? "", policy)) socket.destroy(Object.assign(new OutboundRefused("address"), { code: "EREFUSEDADDRESS" }));
  });
}

/** Whether an error (from a send or a call) is this guard's refusal. */
export function isAddressRefusal(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e instanceof OutboundRefused || e.code === "EREFUSEDADDRESS") return true;
  }
  return false;
}
