import { describe, expect, it } from "vitest";
import { isIP } from "node:net";
import { checkOutboundUrl, isPublicAddress, OutboundRefused, safeFetch } from "@/lib/server/outbound/safe-fetch";
import { IPV4_SPECIAL_PURPOSE, IPV6_SPECIAL_PURPOSE, type SpecialPurposeBlock } from "@/lib/server/outbound/special-purpose-addresses";

// ::ffff:0:0/96 and 64:ff9b:1::/48 once counted as public in the fetch guard. Every row of
// the IANA special-purpose registries is now refused, at URL-check time for a literal address and
// at connect time for a name that resolves into the row (DNS rebinding), except the NAT64
// well-known prefix, which is judged by the IPv4 address it carries.

const NAT64 = "64:ff9b::/96";

function toBigInt(address: string): bigint {
  if (isIP(address) === 4) return address.split(".").reduce((n, part) => (n << 8n) | BigInt(Number(part)), 0n);
  const [head, tail = ""] = address.split("::");
  const groups = (s: string) => (s === "" ? [] : s.split(":"));
  const written = [...groups(head), ...Array(8 - groups(head).length - groups(tail).length).fill("0"), ...groups(tail)];
  return written.reduce((n, group) => (n << 16n) | BigInt(parseInt(group, 16)), 0n);
}

function fromBigInt(value: bigint, family: 4 | 6): string {
  if (family === 4) return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 255n)).join(".");
  return Array.from({ length: 8 }, (_, i) => ((value >> BigInt(112 - 16 * i)) & 0xffffn).toString(16)).join(":");
}

/** The first, a middle and the last address of a block. */
function inside(row: SpecialPurposeBlock): string[] {
  const [net, prefix] = row.block.split("/");
  const family = isIP(net) as 4 | 6;
  const bits = family === 4 ? 32n : 128n;
  const hostBits = bits - BigInt(prefix);
  const first = toBigInt(net);
  const last = first | ((1n << hostBits) - 1n);
  return [...new Set([first, first + (last - first) / 2n, last])].map((n) => fromBigInt(n, family));
}

const probe = (address: string) =>
  safeFetch("http://rebound.example.com/", {
    maxBytes: 1024,
    timeoutMs: 2000,
    maxRedirects: 0,
    accept: "text/html",
    resolve: async () => [{ address, family: isIP(address) }],
  });

describe("the outbound fetch guard and the IANA special-purpose registries", () => {
  it("encodes every row of both registries", () => {
    expect(IPV4_SPECIAL_PURPOSE).toHaveLength(26);
    expect(IPV6_SPECIAL_PURPOSE).toHaveLength(25);
    for (const block of ["::ffff:0:0/96", "64:ff9b:1::/48", "5f00::/16", "3fff::/20", "100:0:0:1::/64", "192.0.0.170/32", "192.88.99.2/32"]) {
      expect([...IPV4_SPECIAL_PURPOSE, ...IPV6_SPECIAL_PURPOSE].map((row) => row.block)).toContain(block);
    }
  });

  for (const row of [...IPV4_SPECIAL_PURPOSE, ...IPV6_SPECIAL_PURPOSE].filter((r) => r.block !== NAT64)) {
    it(`refuses ${row.block} (${row.name}, ${row.rfc}) as a literal and when a name resolves into it`, async () => {
      for (const address of inside(row)) {
        expect(isPublicAddress(address), address).toBe(false);
        const literal = isIP(address) === 6 ? `[${address}]` : address;
        expect(() => checkOutboundUrl(`http://${literal}/`), address).toThrow(OutboundRefused);
        await expect(probe(address), address).rejects.toMatchObject({ name: "OutboundRefused", reason: "address" });
      }
    });
  }

  it(`judges ${NAT64} (NAT64, reachable on DNS64 networks) by the IPv4 address inside it`, async () => {
    for (const address of ["64:ff9b::", "64:ff9b::7f00:1", "64:ff9b::a9fe:a9fe", "64:ff9b::a00:1", "64:ff9b::c0a8:101", "64:ff9b::ffff:ffff", "64:ff9b::192.168.0.1"]) {
      expect(isPublicAddress(address), address).toBe(false);
      await expect(probe(address), address).rejects.toMatchObject({ reason: "address" });
    }
    expect(isPublicAddress("64:ff9b::808:808")).toBe(true);
  });

  it("refuses IPv6 outside global unicast (multicast, site-local, IPv4-compatible, unassigned) and IPv4 multicast", async () => {
    for (const address of ["ff02::1", "fec0::1", "::7f00:1", "::8.8.8.8", "4000::1", "::ffff:0:7f00:1", "224.0.0.1", "239.255.255.250"]) {
      expect(isPublicAddress(address), address).toBe(false);
      await expect(probe(address), address).rejects.toMatchObject({ reason: "address" });
    }
  });

  it("lets public addresses through, right up to the edges of the blocks", () => {
    for (const address of ["8.8.8.8", "1.1.1.1", "100.63.255.255", "100.128.0.0", "172.15.255.255", "172.32.0.0", "192.0.1.0", "192.88.98.255", "198.17.255.255", "198.20.0.0", "223.255.255.255", "2606:4700:4700::1111", "2001:200::1", "2001:4860:4860::8888", "2c0f:f248::1", "3fff:1000::1"]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });
});
