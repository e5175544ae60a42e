import { describe, expect, it } from "vitest";
import { checkOutboundUrl, isPublicAddress, OutboundRefused } from "@/lib/server/outbound/safe-fetch";

describe("isPublicAddress", () => {
  it("accepts public unicast addresses", () => {
    for (const a of ["8.8.8.8", "93.184.215.14", "2606:4700:4700::1111", "[2001:4860:4860::8888]", "64:ff9b::808:808"]) expect(isPublicAddress(a), a).toBe(true);
  });

  it("refuses loopback, private, shared, link-local, documentation, multicast and unspecified ranges, and v4 inside v6", () => {
    for (const a of [
      "127.0.0.1",
      "127.255.255.254",
      "10.1.2.3",
      "172.31.255.255",
      "192.168.0.1",
      "100.64.1.1",
      "169.254.169.254",
      "0.0.0.0",
      "192.0.2.1",
      "224.0.0.1",
      "255.255.255.255",
      "::",
      "::1",
      "fe80::1%eth0",
      "fc00::1",
      "fd12:3456::1",
      "ff02::1",
      "2001:db8::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:a00:1",
      "64:ff9b::a9fe:a9fe",
      "::127.0.0.1",
      // IPv4-mapped is refused whatever it carries: no resolver has reason to answer it.
      "::ffff:8.8.8.8",
      "not an address",
    ]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
  });
});

describe("checkOutboundUrl", () => {
  it("normalises numeric spellings through the URL parser before checking", () => {
    for (const url of ["http://2130706433/", "http://0x7f000001/", "http://0177.0.0.1/", "http://127.1/", "http://[::ffff:127.0.0.1]/"]) {
      expect(() => checkOutboundUrl(url), url).toThrow(OutboundRefused);
    }
  });

  it("lets ordinary web addresses through untouched", () => {
    expect(checkOutboundUrl("https://www.example.com/a?b=1").href).toBe("https://www.example.com/a?b=1");
    expect(checkOutboundUrl("http://example.com:80/").port).toBe("");
    expect(checkOutboundUrl("https://93.184.215.14/").hostname).toBe("93.184.215.14");
  });
});
