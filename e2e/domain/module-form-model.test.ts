// The module editor's form reads a definition into its fields and writes them back: every library
// module, its scoring and alerts included (WHO-5's flags below a value that email no one, PHQ-9's
// urgent item 9 and its flag on the total), comes back from the form as the same definition. A field the form dropped or
// changed would make "Save" store another instrument.
import { describe, expect, it } from "vitest";
import { TOTAL, checkDefinition, valuesOf } from "@/components/library/module-form-model";
import { LIBRARY_BOOKS } from "@/lib/library/books";

describe("the module editor's form", () => {
  const modules = LIBRARY_BOOKS.flatMap((b) => b.modules);
  const libraryWho5 = () => {
    const who5 = modules.find((m) => m.key === "who-5");
    if (!who5) throw new Error("no WHO-5 in the library");
    return who5;
  };

  it.each(modules.map((m) => [m.key, m] as const))("gives %s back unchanged", (_, m) => {
    const { values, kept } = valuesOf(m, m.definition);
    const checked = checkDefinition(values, kept);
    expect(checked.ok && checked.definition).toEqual(JSON.parse(JSON.stringify(m.definition)));
  });

  it("writes an alert below a value, not urgent, as the form set it", () => {
    const who5 = libraryWho5();
    const { values, kept } = valuesOf(who5, who5.definition);
    const [first] = values.scoring.alerts;
    expect(first).toMatchObject({ question: "item1", when: "below", value: "2", urgent: false });
    if (!first) return;
    values.scoring.alerts = [{ ...first, when: "above", value: "4", urgent: true }];
    const checked = checkDefinition(values, kept);
    expect(checked.ok && checked.definition.scoring?.alerts).toEqual([
      { question: "item1", above: 4, urgent: true, message: who5.definition.scoring?.alerts[0]?.message },
    ]);
  });

  it("writes an alert on the total score when the row watches the total, and on a question again when it does not", () => {
    const who5 = libraryWho5();
    const { values, kept } = valuesOf(who5, who5.definition);
    const [first] = values.scoring.alerts;
    if (!first) throw new Error("WHO-5 has no alert");
    values.scoring.alerts = [{ ...first, question: TOTAL, when: "below", value: "29" }];
    const checked = checkDefinition(values, kept);
    expect(checked.ok && checked.definition.scoring?.alerts).toEqual([
      { total: true, below: 29, urgent: false, message: who5.definition.scoring?.alerts[0]?.message },
    ]);
    const back = checked.ok ? valuesOf(who5, checked.definition).values.scoring.alerts : [];
    expect(back).toEqual([expect.objectContaining({ question: TOTAL, when: "below", value: "29" })]);
  });

  it("writes a rise of the total as never urgent, whatever the row's Urgent box held, and refuses one on a question", () => {
    const who5 = libraryWho5();
    const { values, kept } = valuesOf(who5, who5.definition);
    const [first] = values.scoring.alerts;
    if (!first) throw new Error("WHO-5 has no alert");
    values.scoring.alerts = [{ ...first, question: TOTAL, when: "rise", value: "10", urgent: true }];
    const checked = checkDefinition(values, kept);
    expect(checked.ok && checked.definition.scoring?.alerts).toEqual([
      { total: true, rise: 10, urgent: false, message: who5.definition.scoring?.alerts[0]?.message },
    ]);
    const back = checked.ok ? valuesOf(who5, checked.definition).values.scoring.alerts : [];
    expect(back).toEqual([expect.objectContaining({ question: TOTAL, when: "rise", value: "10", urgent: false })]);
    values.scoring.alerts = [{ ...first, when: "rise", value: "10" }];
    const onQuestion = checkDefinition(values, kept);
    expect(!onQuestion.ok && onQuestion.errors.get("scoring.alerts.0.rise")).toBe("watches the total only");
  });

  it("writes a fall of the total as never urgent and reads it back", () => {
    const who5 = libraryWho5();
    const { values, kept } = valuesOf(who5, who5.definition);
    const fall = values.scoring.alerts.find((a) => a.when === "fall");
    expect(fall).toMatchObject({ question: TOTAL, value: "10", urgent: false });
    if (!fall) throw new Error("WHO-5 has no fall");
    values.scoring.alerts = [{ ...fall, value: "8", urgent: true }];
    const checked = checkDefinition(values, kept);
    expect(checked.ok && checked.definition.scoring?.alerts).toEqual([
      { total: true, fall: 8, urgent: false, message: fall.message },
    ]);
  });
});
