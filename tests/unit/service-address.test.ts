import { describe, expect, it } from "vitest";
import type { LookupAddress } from "node:dns";
import { checkServiceHost, checkServiceUrl, isPrivateNetworkAddress, serviceLookup } from "@/lib/server/outbound/service-address";
import { keyMayFollow, secretMayFollow } from "@/lib/server/policies/secret-destination";

const closed = { allowPrivateNetwork: false, trustedHosts: [] as string[] };
const open = { allowPrivateNetwork: true, trustedHosts: [] as string[] };

function lookupWith(addresses: LookupAddress[], policy: typeof closed) {
  const lookup = serviceLookup("relay.example.com", 25, policy, async () => addresses);
  return new Promise<{ error: NodeJS.ErrnoException | null; address: string }>((resolve) =>
    lookup("relay.example.com", {}, (error, address) => resolve({ error, address: String(address) })),
  );
}

describe("the services' address guard", () => {
  it("takes a private network to mean RFC 1918, shared space, loopback and unique-local, never link-local or metadata", () => {
    for (const address of ["10.0.0.5", "172.20.1.1", "192.168.1.20", "100.64.0.1", "127.0.0.1", "::1", "fd12:3456::1", "::ffff:192.168.1.20"]) expect(isPrivateNetworkAddress(address), address).toBe(true);
    for (const address of ["169.254.169.254", "fe80::1", "fd00:ec2::254", "0.0.0.0", "224.0.0.1", "8.8.8.8", "::ffff:169.254.169.254"]) expect(isPrivateNetworkAddress(address), address).toBe(false);
  });

  it("refuses special addresses and local names unless opted in, and link-local always", () => {
    expect(() => checkServiceHost("smtp.example.com", 587, closed)).not.toThrow();
    expect(() => checkServiceHost("8.8.8.8", 25, closed)).not.toThrow();
    for (const host of ["127.0.0.1", "0x7f.1", "localhost", "relay", "10.0.0.5", "[::1]", "169.254.169.254"]) expect(() => checkServiceHost(host, 25, closed), host).toThrow();
    for (const host of ["127.0.0.1", "localhost", "relay", "10.0.0.5"]) expect(() => checkServiceHost(host, 25, open), host).not.toThrow();
    expect(() => checkServiceHost("169.254.169.254", 80, open)).toThrow();
    expect(() => checkServiceUrl("http://2130706433:11434/v1", closed)).toThrow();
    expect(() => checkServiceUrl("http://127.0.0.1:11434/v1", open)).not.toThrow();
    // The operator's own host:port (OUTBOUND_ALLOWED_HOSTS) needs no opt-in.
    expect(() => checkServiceHost("ollama.lan", 11434, { allowPrivateNetwork: false, trustedHosts: ["ollama.lan:11434"] })).not.toThrow();
  });

  it("refuses at connect time a name that resolves to a refused address (no re-binding past the check)", async () => {
    expect((await lookupWith([{ address: "203.0.114.10", family: 4 }], closed)).error).toBeNull();
    expect((await lookupWith([{ address: "93.184.216.34", family: 4 }, { address: "127.0.0.1", family: 4 }], closed)).error?.code).toBe("EREFUSEDADDRESS");
    expect((await lookupWith([{ address: "192.168.1.5", family: 4 }], open)).error).toBeNull();
    expect((await lookupWith([{ address: "169.254.169.254", family: 4 }], open)).error?.code).toBe("EREFUSEDADDRESS");
  });
});

describe("where a saved secret may go", () => {
  it("a mail password follows only the same host, port and user", () => {
    const saved = { host: "smtp.example.com", port: 587, username: "mailer" };
    expect(secretMayFollow(saved, { ...saved, host: "SMTP.example.com" })).toBe(true);
    expect(secretMayFollow(saved, { ...saved, host: "evil.example.net" })).toBe(false);
    expect(secretMayFollow(saved, { ...saved, port: 25 })).toBe(false);
    expect(secretMayFollow(saved, { ...saved, username: null })).toBe(false);
  });

  it("an AI key follows only the same base URL", () => {
    expect(keyMayFollow("https://api.example.com/v1", "https://api.example.com/v1/")).toBe(true);
    expect(keyMayFollow("https://api.example.com/v1", "http://169.254.169.254/v1")).toBe(false);
    expect(keyMayFollow(undefined, undefined)).toBe(true);
    expect(keyMayFollow(undefined, "https://other.example.com/v1")).toBe(false);
  });
});
