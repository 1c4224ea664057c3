import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Mobile } from "./client";

// An integration may check a number against the OpenAPI document's pattern before it sends it;
// the pattern must then accept exactly what the server accepts, not a number it refuses.
describe("a mobile number's pattern in the document", () => {
  const schema = z.toJSONSchema(Mobile, { io: "input" });
  const pattern = new RegExp(typeof schema.pattern === "string" ? schema.pattern : "(?!)");
  const maxLength = typeof schema.maxLength === "number" ? schema.maxLength : 0;
  // What a validator of the document decides. Surrounding spaces aside: the server trims them, the
  // document is stricter there, which refuses nothing the server would refuse.
  const documentTakes = (s: string) => s.length <= maxLength && pattern.test(s);

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
    // Park and Miller's generator: its products stay below 2^53, so every draw is exact.
    let seed = 7;
    const random = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    const randoms = Array.from({ length: 20_000 }, () =>
      Array.from({ length: Math.floor(random() * 26) }, () => alphabet[Math.floor(random() * alphabet.length)]).join(
        "",
      ),
    );
    const differ = [...crafted, ...randoms]
      .map((s) => s.trim())
      .filter((s) => documentTakes(s) !== Mobile.safeParse(s).success);
    expect(new Set(randoms).size).toBeGreaterThan(15_000);
    expect(differ).toEqual([]);
    expect(Mobile.safeParse("+31 6 1234 5678").success).toBe(true);
    expect(Mobile.safeParse("1 2 3 4 5").success).toBe(false);
  });
});
