import { describe, expect, it } from "vitest";
import { MAX_DOCUMENT_NAME, storedName } from "./document-type";

describe("storedName", () => {
  it("adds the type's extension to a name without it", () => {
    expect(storedName("scan", "application/pdf")).toBe("scan.pdf");
    expect(storedName("photo.JPG", "image/jpeg")).toBe("photo.JPG");
  });

  // Found by the review as an attacker on the pages (2026-12-06): a name cut to leave room for the
  // extension could end in half of a character outside the BMP, stored as U+FFFD.
  it("cuts a long name to fit its extension without splitting a character", () => {
    const name = `${"a".repeat(MAX_DOCUMENT_NAME - 5)}😀`;
    const stored = storedName(name, "application/pdf");
    expect(stored.length).toBeLessThanOrEqual(MAX_DOCUMENT_NAME);
    expect(stored).toBe(`${"a".repeat(MAX_DOCUMENT_NAME - 5)}.pdf`);
    expect(stored.isWellFormed()).toBe(true);
  });
});
