import { describe, expect, it } from "vitest";
import { saysValue } from "./says-value";

describe("whether a scale's label says its value", () => {
  it("does not when it is words only", () => {
    expect(saysValue("Several days", 1)).toBe(false);
    expect(saysValue("Not at all", 0)).toBe(false);
  });

  it("does when it starts with it", () => {
    expect(saysValue("5 – All of the time", 5)).toBe(true);
    expect(saysValue("0 – very low", 0)).toBe(true);
    expect(saysValue("7", 7)).toBe(true);
    expect(saysValue("-2 – worse", -2)).toBe(true);
  });

  it("tells 1 from 10, and one number from another", () => {
    expect(saysValue("10 – very good", 1)).toBe(false);
    expect(saysValue("4 – Most of the time", 3)).toBe(false);
  });
});
