import { describe, expect, it } from "vitest";
import { keptWithTyped } from "./kept-review";

describe("keptWithTyped: a reload's kept feedback and what was typed before the page's scripts ran", () => {
  it("keeps both, the kept first, when each says something the other does not", () => {
    expect(keptWithTyped("Sleep is better.", "Keep it going.")).toBe("Sleep is better.\n\nKeep it going.");
  });

  it("keeps one when the other is empty or only spaces", () => {
    expect(keptWithTyped("", "Keep it going.")).toBe("Keep it going.");
    expect(keptWithTyped("Sleep is better.", "")).toBe("Sleep is better.");
    expect(keptWithTyped("Sleep is better.", " \n")).toBe("Sleep is better.");
  });

  it("says a thing once when the kept text was typed again, whole", () => {
    expect(keptWithTyped("Sleep is better.", "Sleep is better.")).toBe("Sleep is better.");
    expect(keptWithTyped("Sleep is better.", "Sleep is better. ")).toBe("Sleep is better.");
  });

  it("keeps typed letters that the kept text happens to hold: they may be the start of something new", () => {
    expect(keptWithTyped("The diary helps.", "Th")).toBe("The diary helps.\n\nTh");
    expect(keptWithTyped("Sleep is better.", "is")).toBe("Sleep is better.\n\nis");
  });
});
