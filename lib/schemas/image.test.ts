import { describe, expect, it } from "vitest";
import { base64Bytes, cleanBase64, decodedSize, headBytes, isCheckedBase64, keepBase64Pieces } from "./image";

// What base64 is, said slowly: the definition the fast check must agree with on every string.
const isBase64 = (s: string) => /^[A-Za-z0-9+/]*={0,2}$/.test(s) && s.length % 4 === 0;

/**
 * Random strings of seven base64 digits and their look-alikes, from a fixed seed: a character past
 * U+00FF whose low byte is a digit ("Ł" is 0x41, "A"), one whose low byte is NUL, Latin-1 letters,
 * NUL itself. Four characters in five are digits, so that base64 comes up often enough.
 */
function lookAlikes(seed: number) {
  const alphabet = "AQz09+/=-_*\u0141\u4e00\u00e9\u00ff\u0000";
  const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), Math.floor(seed / 65536) % n);
  const text = (length: number) =>
    Array.from({ length }, () => alphabet.charAt(random(4) ? random(7) : random(alphabet.length))).join("");
  return { random, text };
}

describe("cleanBase64", () => {
  it("answers the payload of plain, prefixed and line-broken base64, and null for anything else", () => {
    expect(cleanBase64("iVBORw0KGgo=")).toBe("iVBORw0KGgo=");
    expect(cleanBase64("data:image/png;base64,iVBORw0KGgo=")).toBe("iVBORw0KGgo=");
    expect(cleanBase64("iVBO\r\nRw0K\nGgo=")).toBe("iVBORw0KGgo=");
    expect(cleanBase64("iVBORw0KGgo")).toBeNull(); // not a whole number of quads
    expect(cleanBase64("iVBO*w0KGgo=")).toBeNull();
    expect(cleanBase64("iVBO\u202fRw0KGgo=")).toBe("iVBORw0KGgo="); // a Unicode space is dropped, never decoded
  });

  it("refuses what Node's lenient decoder would read: URL-safe digits, padding inside, characters past U+00FF", () => {
    for (const bad of ["QUJ-", "QUJ_", "QUJŁ", "ŁŁŁŁ", "AB==CDEF", "ABC=DEF=", "A===", "====", "QUJ\u00a0QUJD"]) {
      expect(cleanBase64(bad), JSON.stringify(bad)).toBeNull();
      expect(base64Bytes(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it("agrees with the definition of base64 on random strings of digits and look-alikes", () => {
    const { random, text } = lookAlikes(7);
    for (let i = 0; i < 20_000; i++) {
      let s = text(random(13));
      const padding = Math.min(random(4), s.length); // 0 to 3 "=" at the end, as padding or past it
      s = s.slice(0, s.length - padding) + "=".repeat(padding);
      expect(cleanBase64(s) !== null, JSON.stringify(s)).toBe(isBase64(s));
    }
  });

  it("decides base64 given in pieces as the definition does for their text, and keeps its bytes", () => {
    // The body's reader hands over long base64 in pieces of whole quads (lib/gateway/parse-json.ts).
    const { random, text } = lookAlikes(11);
    let accepted = 0;
    for (let i = 0; i < 20_000; i++) {
      const pieces = Array.from({ length: random(4) }, () => text(4 * random(3)));
      pieces.push(text(random(9)));
      const joined = pieces.join("");
      const kept = keepBase64Pieces(pieces);
      expect(kept !== null, JSON.stringify(pieces)).toBe(isBase64(joined));
      if (kept === null) continue;
      accepted++;
      expect(kept).toBe(joined);
      expect(isCheckedBase64(kept)).toBe(true);
      expect(cleanBase64(kept)).toBe(joined);
      expect(decodedSize(kept)).toBe(Buffer.from(joined, "base64").length);
      expect(base64Bytes(kept)?.equals(Buffer.from(joined, "base64")), JSON.stringify(pieces)).toBe(true);
      expect(Buffer.from(headBytes(kept, 4)).equals(Buffer.from(joined, "base64").subarray(0, 4))).toBe(true);
    }
    expect(accepted).toBeGreaterThan(500);
    expect(keepBase64Pieces(["QUJD", "QQ==", ""])).toBe("QUJDQQ==");
    expect(keepBase64Pieces(["QQ==", "QUJD"])).toBeNull();
  });

  it("decodes the bytes it checked", () => {
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7919 + 13) & 255));
    const b64 = bytes.toString("base64");
    expect(base64Bytes(b64)?.equals(bytes)).toBe(true);
    expect(base64Bytes(`data:image/png;base64,${b64.slice(0, 400)}\n${b64.slice(400)}`)?.equals(bytes)).toBe(true);
    expect(base64Bytes("QUJD")?.toString()).toBe("ABC");
  });

  it("answers each string for itself when strings alternate (the last answer is kept)", () => {
    const good = "QUJD";
    const bad = "QU*D";
    for (let i = 0; i < 3; i++) {
      expect(cleanBase64(good)).toBe(good);
      expect(cleanBase64(bad)).toBeNull();
      expect(cleanBase64(good.split("").join(""))).toBe(good);
      expect(cleanBase64("Q" + "UJD")).toBe(good);
      expect(base64Bytes("QUJE")?.toString()).toBe("ABD");
      expect(base64Bytes(good)?.toString()).toBe("ABC");
    }
  });

  it("hands out bytes that later checks leave alone, of a small image and of a large one", () => {
    for (const size of [70_000, 1_500_000]) {
      const a = Buffer.alloc(size, 0x41);
      const b = Buffer.alloc(size, 0x42);
      const bytes = base64Bytes(a.toString("base64"));
      expect(cleanBase64(b.toString("base64"))).not.toBeNull();
      expect(base64Bytes(b.toString("base64"))?.equals(b)).toBe(true);
      expect(bytes?.equals(a), `${size} bytes`).toBe(true);
    }
  });
});
