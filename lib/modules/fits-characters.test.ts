import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_UNITS_PER_CHARACTER, fitsCharacters } from "./fits-characters";

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });
/** The whole text segmented at once: right, and quadratic in its length. */
const characters = (s: string) => Array.from(graphemes.segment(s)).length;

// Pieces whose boundaries depend on their neighbours: combining accents, ZWJ sequences, skin tones,
// regional indicators (flags by pairs), Hangul jamo, a Devanagari conjunct, CR LF, lone surrogates.
const PIECES = [
  "a",
  " ",
  "\u0301",
  "e\u0301",
  "\u200D",
  "\u{1F469}",
  "\u{1F4BB}",
  "\u{1F3FB}",
  "\u{1F1EB}",
  "\u{1F1F7}",
  "\u1100",
  "\u1161",
  "\u11A8",
  "\u0915",
  "\u094D",
  "\u0937",
  "\r",
  "\n",
  "\uD83D",
  "\uDC4B",
  "\u4E2D",
];

describe("fitsCharacters", () => {
  it("agrees with segmenting the whole text at once, at the limit and one below it", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 1200, size: "max" }), (pieces) => {
        const text = pieces.join("");
        const count = characters(text);
        expect(fitsCharacters(text, count)).toBe(text.length <= count * MAX_UNITS_PER_CHARACTER);
        if (count > 1) expect(fitsCharacters(text, count - 1)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it("counts a character that spans windows once", () => {
    const zalgo = `e${"\u0301".repeat(700)}`;
    expect(fitsCharacters(`${"a".repeat(255)}${zalgo}b`, 257)).toBe(true);
    expect(fitsCharacters(`${"a".repeat(255)}${zalgo}b`, 256)).toBe(false);
    // A skin tone after a hand, the pair split by a window's end between its surrogates.
    const wave = "\u{1F44B}\u{1F3FB}";
    expect(fitsCharacters(`${"a".repeat(253)}${wave.repeat(100)}`, 353)).toBe(true);
    expect(fitsCharacters(`${"a".repeat(253)}${wave.repeat(100)}`, 352)).toBe(false);
  });

  it("refuses a text far longer than its characters could be, without counting them", () => {
    expect(fitsCharacters("\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}".repeat(20), 20)).toBe(true);
    expect(fitsCharacters(`e${"\u0301".repeat(20 * MAX_UNITS_PER_CHARACTER)}`, 20)).toBe(false);
    expect(fitsCharacters("a".repeat(5_000_000), 10_000)).toBe(false);
  });

  describe("what it costs", () => {
    // Bound before any spy replaces the prototype's method: the module segments by grapheme too.
    const segment = graphemes.segment.bind(graphemes);
    afterEach(() => {
      vi.restoreAllMocks();
    });
    // Each segment the segmenter yields costs a copy of the text it was given (see the module's
    // comment), so the work is the sum, over every segment read, of the length of its window.
    function unitsCopied(text: string, max: number): number {
      let copied = 0;
      const spy = vi.spyOn(Intl.Segmenter.prototype, "segment").mockImplementation((part: string) => {
        const segments = segment(part);
        return {
          containing: (i?: number) => segments.containing(i),
          *[Symbol.iterator](): Generator<Intl.SegmentData, undefined> {
            for (const s of segments) {
              copied += part.length;
              yield s;
            }
            return undefined;
          },
        };
      });
      fitsCharacters(text, max);
      spy.mockRestore();
      return copied;
    }

    it("stays within a few hundred units copied per unit of text, whatever the text", () => {
      const max = 10_000;
      const cases = [
        "a".repeat(max * MAX_UNITS_PER_CHARACTER),
        `e${"\u0301".repeat(15)}`.repeat(max),
        // One character as long as the cap allows, then more short ones than the limit.
        `e${"\u0301".repeat(max * MAX_UNITS_PER_CHARACTER - 1 - 2 * (max + 1))}${"e\u0301".repeat(max + 1)}`,
      ];
      for (const text of cases) {
        expect(text.length).toBeLessThanOrEqual(max * MAX_UNITS_PER_CHARACTER);
        expect(unitsCopied(text, max) / text.length).toBeLessThan(600);
      }
    });
  });
});
