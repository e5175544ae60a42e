import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";
import { checkOutboundUrl, OutboundRefused } from "@/lib/server/outbound/safe-fetch";

// OUTBOUND_ALLOWED_HOSTS: the operator's own hosts that fetches may reach although their
// addresses are private (an intranet wiki added as a web page). Unset, nothing changes.

describe("OUTBOUND_ALLOWED_HOSTS", () => {
  it("is empty by default and reads comma-separated host:port entries, lower-cased", () => {
    expect(parseEnv({}).OUTBOUND_ALLOWED_HOSTS).toEqual([]);
    expect(parseEnv({ OUTBOUND_ALLOWED_HOSTS: "" }).OUTBOUND_ALLOWED_HOSTS).toEqual([]);
    expect(parseEnv({ OUTBOUND_ALLOWED_HOSTS: " Wiki.Internal:8080, 10.1.2.3:80,[fd00::1]:443 " }).OUTBOUND_ALLOWED_HOSTS).toEqual(["wiki.internal:8080", "10.1.2.3:80", "[fd00::1]:443"]);
  });

  it("refuses entries without a port, or with a scheme or path", () => {
    for (const value of ["wiki.internal", "http://wiki.internal:80", "wiki.internal:80/path", "*:80"]) {
      expect(() => parseEnv({ OUTBOUND_ALLOWED_HOSTS: value }), value).toThrow(/OUTBOUND_ALLOWED_HOSTS/);
    }
  });

  it("lets through exactly the named host and port, still over http(s) and without credentials", () => {
    const trustedHosts = ["wiki.internal:8080", "10.1.2.3:80"];
    expect(checkOutboundUrl("http://wiki.internal:8080/page", { trustedHosts }).href).toBe("http://wiki.internal:8080/page");
    expect(checkOutboundUrl("http://10.1.2.3/page", { trustedHosts }).hostname).toBe("10.1.2.3");
    for (const url of ["http://wiki.internal:8081/", "http://10.1.2.3:8080/", "https://10.1.2.3/", "http://10.1.2.4/", "http://user:pw@wiki.internal:8080/", "ftp://wiki.internal:8080/"]) {
      expect(() => checkOutboundUrl(url, { trustedHosts }), url).toThrow(OutboundRefused);
    }
    // Without the setting, the same addresses are refused as always.
    expect(() => checkOutboundUrl("http://10.1.2.3/page", { trustedHosts: [] })).toThrow(OutboundRefused);
  });
});
