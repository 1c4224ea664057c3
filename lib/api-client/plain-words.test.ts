import { describe, expect, it } from "vitest";
import { sentence } from "./plain-words";

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
