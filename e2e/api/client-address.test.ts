import { describe, expect, it } from "vitest";
import { clientAddressOf, trustedProxies } from "../../scripts/lib/server.mjs";

// The rule of scripts/lib/server.mjs on its own; e2e/api/sign-in-limits.test.ts checks it over HTTP.
describe("the client address the server vouches for", () => {
  const none = trustedProxies("");
  const proxies = trustedProxies("127.0.0.1, 10.0.0.0/8 ::1");

  it("is the TCP peer when no proxy is trusted, whatever X-Forwarded-For claims", () => {
    expect(clientAddressOf("203.0.113.9", "1.2.3.4", none)).toBe("203.0.113.9");
    expect(clientAddressOf("::ffff:203.0.113.9", undefined, none)).toBe("203.0.113.9");
  });

  it("is the rightmost forwarded address that is not a trusted proxy when the peer is one", () => {
    expect(clientAddressOf("127.0.0.1", "6.6.6.6, 198.51.100.7", proxies)).toBe("198.51.100.7");
    expect(clientAddressOf("::ffff:127.0.0.1", "6.6.6.6, 198.51.100.7, 10.1.2.3", proxies)).toBe("198.51.100.7");
    expect(clientAddressOf("127.0.0.1", ["6.6.6.6", "198.51.100.8"], proxies)).toBe("198.51.100.8");
    expect(clientAddressOf("::1", undefined, proxies)).toBe("::/64");
    // A peer outside the list is the client even if it sends the header.
    expect(clientAddressOf("198.51.100.9", "10.0.0.1", proxies)).toBe("198.51.100.9");
  });

  it("refuses a TRUSTED_PROXIES entry that is no address or CIDR", () => {
    for (const bad of ["proxy.example", "10.0.0.0/33", "10.0.0.0/", "::1/129", "1.2.3.4/8/1"])
      expect(() => trustedProxies(bad)).toThrow(/TRUSTED_PROXIES/);
  });

  it("refuses a TRUSTED_PROXIES range so wide it holds callers, not proxies", () => {
    for (const wide of [
      "0.0.0.0/0",
      "1.0.0.0/7",
      "::/0",
      "2000::/15",
      "::/16",
      "::ffff:0:0/96",
      "::ffff:10.0.0.0/103",
    ]) {
      expect(() => trustedProxies(wide), wide).toThrow(/TRUSTED_PROXIES: ".*" trusts too many addresses/);
    }
    for (const fine of ["10.0.0.0/8", "2001:db8::/16", "::ffff:10.0.0.0/104", "fd12:3456::/32", "192.168.0.0/16"])
      expect(() => trustedProxies(fine), fine).not.toThrow();
  });

  it("is an IPv6 caller's /64, however its address is written", () => {
    expect(clientAddressOf("2001:db8:1:2:3:4:5:6", undefined, none)).toBe("2001:db8:1:2::/64");
    expect(clientAddressOf("2001:DB8:0001:0002::ffff", undefined, none)).toBe("2001:db8:1:2::/64");
    expect(clientAddressOf("2001:db8:1:3::1", undefined, none)).toBe("2001:db8:1:3::/64");
    expect(clientAddressOf("fe80::1%eth0", undefined, none)).toBe("fe80::/64");
    expect(clientAddressOf("2001:db8:0:0:1::", undefined, none)).toBe("2001:db8::/64");
    expect(clientAddressOf("127.0.0.1", "6.6.6.6, 2001:db8:7:8:9::1", proxies)).toBe("2001:db8:7:8::/64");
    // IPv4 callers (also as IPv4-mapped IPv6 peers) keep their whole address.
    expect(clientAddressOf("::ffff:203.0.113.9", undefined, none)).toBe("203.0.113.9");
  });
});
