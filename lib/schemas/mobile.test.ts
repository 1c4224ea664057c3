import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Mobile } from "./client";

// An integration may check a number against the OpenAPI document's pattern before it sends it;
// the pattern must then accept exactly what the server accepts, not a number it refuses.
describe("a mobile number's pattern in the document", () => {
  const schema = z.toJSONSchema(Mobile, { io: "input" });
  const pattern = new RegExp(typeof schema.pattern === "string" ? schema.pattern : "(?!)");

  it("gives the server's verdict on crafted and random numbers", () => {
    const crafted = [
      "+31 6 1234 5678",
      "0612345678",
      "1 2 3 4 5",
      "123456",
      "1234567",
      "1-------",
      "+1234567890123456",
    ];
    const alphabet = "+0123456789 -";
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const randoms = Array.from({ length: 20_000 }, () =>
      Array.from({ length: Math.floor(random() * 26) }, () => alphabet[Math.floor(random() * alphabet.length)]).join(
        "",
      ),
    );
    const differ = [...crafted, ...randoms]
      .map((s) => s.trim())
      .filter((s) => pattern.test(s) !== Mobile.safeParse(s).success);
    expect(differ).toEqual([]);
    expect(Mobile.safeParse("+31 6 1234 5678").success).toBe(true);
    expect(Mobile.safeParse("1 2 3 4 5").success).toBe(false);
  });
});
