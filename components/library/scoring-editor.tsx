"use client";

import { Controller, useFieldArray, useWatch, type UseFormReturn } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { CheckboxGroup } from "@/components/ui/checkbox-group";
import { FieldError, FieldLegend, FieldSet, FormField } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { useFieldArrayFocus } from "@/components/use-row-focus";
import { plainBounds } from "@/lib/api-client/plain-words";
import {
  TOTAL,
  fieldIds,
  isChange,
  isQuestionType,
  summableKeys,
  whereInWords,
  type EditorValues,
} from "./module-form-model";
import { LocalTextInputs } from "./local-text-inputs";
import { RemoveRowButton } from "./remove-row-button";

type Form = UseFormReturn<EditorValues>;

/** Whether and how the module scores: the summed items, reversed ones, range, bands and alerts. */
export function ScoringEditor({ form, errors }: { form: Form; errors: Map<string, string> }) {
  const { control, register } = form;
  const enabled = useWatch({ control, name: "scoring.enabled" });
  const blocks = useWatch({ control, name: "blocks" });
  const items = useWatch({ control, name: "scoring.items" });
  const reverse = useWatch({ control, name: "scoring.reverse" });
  const summable = summableKeys(blocks);
  const questions = blocks.filter((b) => isQuestionType(b.type)).map((b) => b.key);
  const bands = useFieldArray({ control, name: "scoring.bands" });
  const alerts = useFieldArray({ control, name: "scoring.alerts" });
  const alertKinds = useWatch({ control, name: "scoring.alerts" });
  const bandRows = useFieldArrayFocus(bands);
  const alertRows = useFieldArrayFocus(alerts);
  const err = (path: string) => errors.get(`scoring.${path}`);
  // A summed or reversed entry by its question's key ("“mood”"), anything else in the editor's
  // words ("Band 2, lowest"): the path ("items.1") named a row nobody could see.
  const where = (path: string) => {
    const [list = "", index, ...deeper] = path.split(".");
    const keys: Partial<Record<string, string[]>> = { items, reverse };
    const key = deeper.length ? undefined : keys[list]?.[Number(index)];
    return key === undefined ? whereInWords(path) : `“${key}”`;
  };
  const listed = (prefix: string) =>
    [...errors]
      .filter(([p]) => p.startsWith(`scoring.${prefix}.`))
      .map(([p, m]) => `${where(p.slice(8))}: ${plainBounds(m)}`);
  /**
   * A checkbox group over the summable keys (the group's ids are their indexes). A key still ticked
   * whose question is gone or no longer summable stays listed, so that it can be unticked.
   */
  const keyGroup = (
    name: "scoring.items" | "scoring.reverse",
    legend: string,
    among: string[],
    hint: string,
    gone: string,
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const shown = [...among, ...field.value.filter((k) => !among.includes(k))];
        return (
          <CheckboxGroup
            id={name.replace(".", "-")}
            legend={legend}
            hint={hint}
            options={shown.map((k, i) => ({
              id: i,
              label: among.includes(k) ? k : `${k} (${gone})`,
            }))}
            value={field.value.map((k) => shown.indexOf(k))}
            onChange={(ids) => {
              field.onChange(ids.flatMap((i) => shown[i] ?? []));
            }}
            error={[err(name.slice(8)), ...listed(name.slice(8))].filter(Boolean).join(" ") || undefined}
          />
        );
      }}
    />
  );
  return (
    <FieldSet aria-label="Scoring">
      <FieldLegend>Scoring</FieldLegend>
      <Controller
        control={control}
        name="scoring.enabled"
        render={({ field }) => (
          <div className="flex items-center gap-2">
            <Checkbox
              id="scoring-enabled"
              checked={field.value}
              onCheckedChange={(on) => {
                field.onChange(on === true);
              }}
            />
            <Label htmlFor="scoring-enabled">Score this module (a test)</Label>
          </div>
        )}
      />
      {enabled && (
        <>
          {summable.length === 0 && (
            <p className="text-sm text-muted-foreground">
              Add a scale question, or a single choice whose options all have a score, to sum it.
            </p>
          )}
          {keyGroup(
            "scoring.items",
            "Summed questions",
            summable,
            "The total is the sum of their values.",
            "no longer a question that can be summed",
          )}
          {keyGroup(
            "scoring.reverse",
            "Reverse-scored questions",
            items,
            "A value v counts as (lowest + highest point) − v.",
            "no longer summed",
          )}
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField id="scoring-multiplier" label="Multiplier" required error={err("multiplier")}>
              <Input {...register("scoring.multiplier")} inputMode="decimal" />
            </FormField>
            <FormField id="scoring-min" label="Lowest total" required error={err("range.min")}>
              <Input {...register("scoring.rangeMin")} inputMode="decimal" />
            </FormField>
            <FormField id="scoring-max" label="Highest total" required error={err("range.max")}>
              <Input {...register("scoring.rangeMax")} inputMode="decimal" />
            </FormField>
          </div>
          <fieldset className="flex min-w-0 flex-col gap-3">
            <legend className="mb-1 text-sm font-medium">Severity bands, lowest first</legend>
            {bands.fields.map((b, i) => (
              <div
                key={b.id}
                className="grid gap-3 rounded-md border p-3 sm:grid-cols-[1fr_1fr_2fr_2fr_auto] sm:items-end"
              >
                <FormField id={fieldIds.band(i, "min")} label={`Band ${String(i + 1)} from`} plain>
                  <Input {...register(`scoring.bands.${i}.min`)} inputMode="decimal" />
                </FormField>
                <FormField id={fieldIds.band(i, "max")} label="to" plain>
                  <Input {...register(`scoring.bands.${i}.max`)} inputMode="decimal" />
                </FormField>
                <LocalTextInputs
                  label="Label"
                  id={(lang) => fieldIds.band(i, lang)}
                  en={register(`scoring.bands.${i}.label.en`)}
                  fr={register(`scoring.bands.${i}.label.fr`)}
                />
                <RemoveRowButton
                  id={bandRows.idOf(b.id, "remove")}
                  what="band"
                  index={i}
                  onRemove={() => {
                    bandRows.remove(i);
                  }}
                />
              </div>
            ))}
            {[err("bands"), ...listed("bands")].filter(Boolean).map((m) => (
              <FieldError key={m}>{m}</FieldError>
            ))}
            <Button
              type="button"
              size="sm"
              variant="outline"
              className="w-fit"
              id={bandRows.fallbackId}
              onClick={() => {
                bands.append({ min: "", max: "", label: { en: "", fr: "" } });
              }}
            >
              Add band
            </Button>
          </fieldset>
          <fieldset className="flex min-w-0 flex-col gap-3">
            <legend className="mb-1 text-sm font-medium">Alerts for the care team</legend>
            {alerts.fields.map((a, i) => {
              const when = alertKinds[i]?.when;
              const watched = alertKinds[i]?.question;
              const change = isChange(when);
              return (
                <div key={a.id} className="grid gap-3 rounded-md border p-3 sm:grid-cols-3 sm:items-end">
                  <FormField id={fieldIds.alert(i, "question")} label={`Alert ${String(i + 1)}: watches`} plain>
                    {/* Held to the form's value, and offering a key no question has any more as what
                        it is: a select left on a missing option showed "the total" instead. */}
                    <NativeSelect {...register(`scoring.alerts.${i}.question`)} value={watched ?? TOTAL}>
                      <NativeSelectOption value={TOTAL}>the total</NativeSelectOption>
                      {questions.map((k) => (
                        <NativeSelectOption key={k} value={k}>
                          {k}
                        </NativeSelectOption>
                      ))}
                      {watched !== undefined && watched !== TOTAL && !questions.includes(watched) && (
                        <NativeSelectOption value={watched}>{watched} (no question has this key)</NativeSelectOption>
                      )}
                    </NativeSelect>
                  </FormField>
                  <FormField id={fieldIds.alert(i, "when")} label="when it is" plain>
                    <NativeSelect {...register(`scoring.alerts.${i}.when`)}>
                      <NativeSelectOption value="above">above</NativeSelectOption>
                      <NativeSelectOption value="below">below</NativeSelectOption>
                      <NativeSelectOption value="rise">up by</NativeSelectOption>
                      <NativeSelectOption value="fall">down by</NativeSelectOption>
                    </NativeSelect>
                  </FormField>
                  <FormField id={fieldIds.alert(i, "value")} label="this value" plain>
                    <Input {...register(`scoring.alerts.${i}.value`)} inputMode="decimal" />
                  </FormField>
                  {change && (
                    <p id={fieldIds.alert(i, "change")} className="text-sm text-muted-foreground sm:col-span-3">
                      {when === "rise" ? "Up" : "Down"} by at least this value since the client&apos;s last score on
                      this module or their first. A change is never urgent: it is for the next review.
                    </p>
                  )}
                  <LocalTextInputs
                    label="Message"
                    id={(lang) => fieldIds.alert(i, lang)}
                    en={register(`scoring.alerts.${i}.message.en`)}
                    fr={register(`scoring.alerts.${i}.message.fr`)}
                  />
                  <Controller
                    control={control}
                    name={`scoring.alerts.${i}.urgent`}
                    render={({ field }) => (
                      <div className="flex items-center gap-2">
                        <Checkbox
                          id={fieldIds.alert(i, "urgent")}
                          checked={!change && field.value}
                          disabled={change}
                          aria-describedby={change ? fieldIds.alert(i, "change") : undefined}
                          onCheckedChange={(on) => {
                            field.onChange(on === true);
                          }}
                        />
                        <Label htmlFor={fieldIds.alert(i, "urgent")}>Urgent: email the care team at once</Label>
                      </div>
                    )}
                  />
                  <RemoveRowButton
                    id={alertRows.idOf(a.id, "remove")}
                    what="alert"
                    index={i}
                    onRemove={() => {
                      alertRows.remove(i);
                    }}
                  />
                </div>
              );
            })}
            {listed("alerts").map((m) => (
              <FieldError key={m}>{m}</FieldError>
            ))}
            <Button
              type="button"
              size="sm"
              variant="outline"
              className="w-fit"
              id={alertRows.fallbackId}
              unavailable={questions.length === 0}
              aria-describedby={questions.length === 0 ? "alerts-need-question" : undefined}
              onClick={() => {
                alerts.append({
                  question: questions[0] ?? "",
                  when: "above",
                  value: "0",
                  urgent: true,
                  message: { en: "", fr: "" },
                });
              }}
            >
              Add alert
            </Button>
            {questions.length === 0 && (
              <p id="alerts-need-question" className="text-sm text-muted-foreground">
                An alert watches a question or the total of scored questions: add a question block first.
              </p>
            )}
          </fieldset>
        </>
      )}
    </FieldSet>
  );
}
