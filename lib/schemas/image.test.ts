import { describe, expect, it } from "vitest";
import { cleanBase64 } from "./image";

describe("cleanBase64", () => {
  it("answers the payload of plain, prefixed and line-broken base64, and null for anything else", () => {
    expect(cleanBase64("iVBORw0KGgo=")).toBe("iVBORw0KGgo=");
    expect(cleanBase64("data:image/png;base64,iVBORw0KGgo=")).toBe("iVBORw0KGgo=");
    expect(cleanBase64("iVBO\r\nRw0K\nGgo=")).toBe("iVBORw0KGgo=");
    expect(cleanBase64("iVBORw0KGgo")).toBeNull(); // not a whole number of quads
    expect(cleanBase64("iVBO*w0KGgo=")).toBeNull();
    expect(cleanBase64("iVBO\u202fRw0KGgo=")).toBe("iVBORw0KGgo="); // a Unicode space is dropped, never decoded
  });

  it("answers each string for itself when strings alternate (the last answer is kept)", () => {
    const good = "QUJD";
    const bad = "QU*D";
    for (let i = 0; i < 3; i++) {
      expect(cleanBase64(good)).toBe(good);
      expect(cleanBase64(bad)).toBeNull();
      expect(cleanBase64(good.split("").join(""))).toBe(good);
      expect(cleanBase64("Q" + "UJD")).toBe(good);
    }
  });
});
