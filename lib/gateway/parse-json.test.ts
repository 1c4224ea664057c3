import { describe, expect, it } from "vitest";
import { parseJsonBytes } from "./parse-json";

// parseJsonBytes takes long base64 strings out of a big text before JSON.parse and puts them back;
// whatever the text, it must answer exactly what JSON.parse answers, or throw where it throws.
const image = Buffer.alloc(120 * 1024, 7).toString("base64");
const pad = " ".repeat(100 * 1024);

function same(text: string) {
  let expected: unknown;
  let threw = false;
  try {
    expected = JSON.parse(text);
  } catch {
    threw = true;
  }
  if (threw) expect(() => parseJsonBytes(Buffer.from(text))).toThrow();
  else expect(parseJsonBytes(Buffer.from(text))).toStrictEqual(expected);
}

describe("parseJsonBytes", () => {
  it("parses a body with an image as JSON.parse does, wherever the image is", () => {
    for (const text of [
      `{"name":"Zoë Ölund","imageExtension":"png","imageData":"${image}","caregiverList":[1]}`,
      `{"session":{"documents":[{"data":"${image}"},{"data":"${image.slice(8)}"}]}}`,
      `[ "${image}" , "${image}" ]`,
      `"${image}"`,
      `{"a":"${image}","b":"${image}","c":"QUJD"}`,
    ])
      same(text);
  });

  it("keeps strings that only look like base64 in part: after an escaped quote, as a key, with other characters", () => {
    for (const text of [
      `{"a":"x\\"${image}","b":1}`,
      `{"${image}":1}`,
      `{"a":"${image}!"}`,
      `{"a":"${image.slice(0, -8)}\\u0041AAA"}`,
      `{"a":"${image}\n"}`,
      `{"a":"${pad}"}`,
    ])
      same(text);
  });

  it("parses a value nested past any stack a recursive walk would have", () => {
    let v = parseJsonBytes(Buffer.from(`${"[".repeat(100_000)}"${image}"${"]".repeat(100_000)}`));
    for (let depth = 0; depth < 100_000; depth++) {
      expect(Array.isArray(v) && v.length === 1).toBe(true);
      v = (v as unknown[])[0];
    }
    expect(v).toBe(image);
  });

  it("throws where JSON.parse throws: a quote that closes a string before the base64, a truncated body", () => {
    for (const text of [`{"a:"${image}"}`, `{"a":"${image}`, `{"a":${image}"}`, `{"a":"${image}"`, pad, ""]) {
      same(text);
    }
  });

  it("agrees with JSON.parse on random texts of quotes, escapes, structure and long base64", () => {
    const pieces = [
      '"',
      '\\"',
      "\\\\",
      ":",
      ",",
      "[",
      "]",
      "{",
      "}",
      " ",
      "1",
      "é",
      '"a"',
      "QUJD",
      image.slice(0, 9000),
    ];
    let seed = 11;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), Math.floor(seed / 65536) % n);
    for (let i = 0; i < 1500; i++) {
      const parts = Array.from({ length: 3 + random(12) }, () => pieces[random(pieces.length)]);
      same(pad + parts.join(""));
    }
  });

  it("agrees with JSON.parse on random values holding images, whole and with one character changed", () => {
    let seed = 5;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), Math.floor(seed / 65536) % n);
    const value = (depth: number): unknown => {
      const k = random(depth > 2 ? 3 : 5);
      if (k === 0) return image.slice(random(64) * 4);
      if (k === 1) return "ÅsaQUJD"[random(7)] ?? "";
      if (k === 2) return random(100);
      if (k === 3) return Array.from({ length: random(4) }, () => value(depth + 1));
      return Object.fromEntries(Array.from({ length: random(4) }, (_, j) => [`k${j}`, value(depth + 1)]));
    };
    for (let i = 0; i < 300; i++) {
      const text = JSON.stringify({ pad, v: value(0) });
      same(text);
      const at = random(text.length);
      same(text.slice(0, at) + ('"\\:,}'[random(5)] ?? "") + text.slice(at + 1));
    }
  });
});
