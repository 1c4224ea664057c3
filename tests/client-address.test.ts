import { describe, expect, it } from "vitest";
import { clientAddressOf, trustedProxies } from "../scripts/lib/server.mjs";

// The rule of scripts/lib/server.mjs on its own; tests/sign-in-limits.test.ts checks it over HTTP.
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
    expect(clientAddressOf("::1", undefined, proxies)).toBe("::1");
    // A peer outside the list is the client even if it sends the header.
    expect(clientAddressOf("198.51.100.9", "10.0.0.1", proxies)).toBe("198.51.100.9");
  });

  it("refuses a TRUSTED_PROXIES entry that is no address or CIDR", () => {
    for (const bad of ["proxy.example", "10.0.0.0/33", "10.0.0.0/", "::1/129", "1.2.3.4/8/1"]) expect(() => trustedProxies(bad)).toThrow(/TRUSTED_PROXIES/);
  });
});
