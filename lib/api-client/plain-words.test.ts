import { describe, expect, it } from "vitest";
import { fieldMessages, sentence, plainBounds } from "./plain-words";

describe("sentence", () => {
  it("capitalises a message and ends it with a full stop, unless it ends as a sentence already", () => {
    expect(sentence("must not be empty")).toBe("Must not be empty.");
    expect(sentence("Done.")).toBe("Done.");
    expect(sentence("is this a date?")).toBe("Is this a date?");
    expect(sentence("choose one of these:")).toBe("Choose one of these:");
    expect(sentence("the module is used (2 times).")).toBe("The module is used (2 times).");
    expect(sentence('the file "a.pdf" is empty.')).toBe('The file "a.pdf" is empty.');
    expect(sentence("« Bonjour. »")).toBe("« Bonjour. »");
    expect(sentence("a name (in full)")).toBe("A name (in full).");
    expect(sentence("loading…")).toBe("Loading…");
  });
});

describe("fieldMessages", () => {
  it("tells a form sent again with other values under its Idempotency-Key what may have happened", () => {
    const words = fieldMessages([{ path: "header.Idempotency-Key", message: "reused with another body" }]);
    expect([...words.keys()]).toEqual(["root"]);
    expect(words.get("root")).toMatch(/^This form was already sent with other values/);
  });

  it("puts a field's message at its field, in plain words", () => {
    const words = fieldMessages([{ path: "session.bookIdList.1", message: "book 7 does not exist in the clinic" }], {
      books: new Map([[7, "Sleep"]]),
    });
    expect([...words]).toEqual([["session.bookIdList", "Sleep does not exist in the clinic."]]);
  });
});

describe("plainBounds", () => {
  it("words zod's bound of a list as a person would (a scored module with no band)", () => {
    expect(plainBounds("Too small: expected array to have >=1 items")).toBe("At least one is needed");
    expect(plainBounds("Too small: expected array to have >=2 items")).toBe("At least 2 are needed");
    expect(plainBounds("must not be empty")).toBe("must not be empty");
  });
});
