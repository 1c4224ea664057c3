// Characters as a reader counts them (an emoji, a letter with its accent is one), not UTF-16 units.
//
// Intl.Segmenter makes each segment's object from a copy of its whole input (V8 in Node 20), so
// segmenting a text costs the square of its length: 20,000 characters took the server past its
// 320 MB heap, 200,000 took 95 s of CPU. So the text is segmented in windows of a few hundred units,
// the count stops once it passes the limit, and a text longer than any real one of that many
// characters is refused without counting.

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** The longest emoji of Unicode's recommended set (a kiss with skin tones, a subdivision flag) is 15
 * UTF-16 units; a text of `max` characters is never longer than `max` of them. */
export const MAX_UNITS_PER_CHARACTER = 16;
const WINDOW = 256;

/** Whether `text` holds at most `max` characters as a reader counts them. */
export function fitsCharacters(text: string, max: number): boolean {
  if (text.length <= max) return true; // a character is at least one unit
  if (text.length > max * MAX_UNITS_PER_CHARACTER) return false;
  let count = 0;
  let start = 0;
  let width = WINDOW;
  while (start < text.length) {
    let end = Math.min(text.length, start + width);
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end--; // a window ends between code points
    // A grown window holds one long character first: only that one is counted from it, since each
    // segment read from a window costs the whole window.
    const next = countWhole(text.slice(start, end), end === text.length, width > WINDOW ? 0 : max - count);
    count += next.count;
    if (count > max) return false;
    if (next.units === 0) {
      width *= 2; // one character longer than the window: look further
    } else {
      start += next.units;
      width = WINDOW;
    }
  }
  return true;
}

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;

// The characters of `part` that are whole. `part` starts at a boundary of the text, so the segmenter
// starts as it would there, and a boundary it finds before the part's end depends on nothing after
// it but the next code point: every segment but the last is a whole character, and so is the last
// when `part` ends the text. Stops once `room` is passed (at 0, after the first).
function countWhole(part: string, isEnd: boolean, room: number): { count: number; units: number } {
  let count = 0;
  let units = 0;
  for (const { segment, index } of graphemes.segment(part)) {
    if (!isEnd && index + segment.length === part.length) break;
    count++;
    units = index + segment.length;
    if (count > room) break;
  }
  return { count, units };
}
