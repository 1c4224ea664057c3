"use client";

import { useRef } from "react";
import { Controller, useFieldArray, useWatch, type UseFormReturn } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { FieldError, FieldLegend, FieldSet, FormField } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { useFieldArrayFocus } from "@/components/use-row-focus";
import { blockTypeLabel, fieldIds, isQuestionType, type EditorValues } from "./module-form-model";
import { LocalTextInputs } from "./local-text-inputs";
import { RemoveRowButton } from "./remove-row-button";

type Form = UseFormReturn<EditorValues>;

// The paths a block shows at their own field; any other problem of the block is listed under it.
const AT_FIELDS = [
  "key",
  "label.en",
  "help.en",
  "unit.en",
  "body.en",
  "src",
  "alt.en",
  "url",
  "title.en",
  "min",
  "max",
  "step",
  "maxLength",
  "maxChoices",
];

/** "options.2.label.en" → "Option 3, label (English)": a problem's place in the block's own words. */
const placeOf = (rest: string) =>
  rest
    .replace(/^options\.(\d+)/, (_, n: string) => `Option ${String(Number(n) + 1)}`)
    .replace(/^points\.(\d+)/, (_, n: string) => `Point ${String(Number(n) + 1)}`)
    .replace(/\.label\.en$/, ", label (English)")
    .replace(/\.label\.fr$/, ", label (French)")
    .replace(/\.value$/, ", key")
    .replace(/\.score$/, ", score")
    .replace(/^options$/, "Options")
    .replace(/^points$/, "Points");

/**
 * The scoring names its questions by key, so a key renamed takes its summed, reversed and alert
 * rows along: they named a key no question had, the alert's choice showing "the total" while the
 * save was refused for a key nobody could see. Not onto a key another block has (typed through on
 * the way to another name), nor from one another block now has (those rows are its). Returns the
 * key the rows name now.
 */
function carryKey(form: Form, index: number, from: string, to: string): string {
  const others = form
    .getValues("blocks")
    .filter((_, i) => i !== index)
    .map((b) => b.key);
  if (to.trim() === "" || others.includes(to)) return from;
  if (from === to || others.includes(from)) return to;
  const swap = (k: string) => (k === from ? to : k);
  const s = form.getValues("scoring");
  form.setValue("scoring.items", s.items.map(swap));
  form.setValue("scoring.reverse", s.reverse.map(swap));
  s.alerts.forEach((a, i) => {
    if (a.question === from) form.setValue(`scoring.alerts.${i}.question`, to);
  });
  return to;
}

/** One block of the module: its fields by type, and moving or removing it. */
export function BlockEditor({
  form,
  index,
  count,
  errors,
  controlIds,
  onMove,
  onRemove,
}: {
  form: Form;
  index: number;
  count: number;
  errors: Map<string, string>;
  /** The ids of its Up, Down and Remove buttons (useRowFocus). */
  controlIds: { up: string; down: string; remove: string };
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const { register, control } = form;
  const type = useWatch({ control, name: `blocks.${index}.type` });
  const at = `blocks.${String(index)}`;
  const err = (field: string) => errors.get(`${at}.${field}`);
  const id = (field: string) => fieldIds.block(index, field);
  const others = [...errors].filter(
    ([path]) => path.startsWith(`${at}.`) && !AT_FIELDS.includes(path.slice(at.length + 1)),
  );
  const title = `Block ${String(index + 1)}: ${blockTypeLabel(type)}`;
  const keyField = register(`blocks.${index}.key`);
  // The key the scoring's rows name this question by (carryKey); the block keeps it through moves.
  const scoredAs = useRef(form.getValues(`blocks.${index}.key`));
  return (
    <FieldSet aria-label={title}>
      <FieldLegend>{title}</FieldLegend>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          variant="outline"
          id={controlIds.up}
          unavailable={index === 0}
          onClick={() => {
            onMove(index - 1);
          }}
          aria-label={`Move block ${String(index + 1)} up`}
        >
          Up
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          id={controlIds.down}
          unavailable={index === count - 1}
          onClick={() => {
            onMove(index + 1);
          }}
          aria-label={`Move block ${String(index + 1)} down`}
        >
          Down
        </Button>
        <RemoveRowButton id={controlIds.remove} what="block" index={index} onRemove={onRemove} />
      </div>
      {type === "text" && <LocalFields form={form} index={index} field="body" label="Text" long errors={errors} />}
      {type === "image" && (
        <>
          <FormField
            id={id("src")}
            label="Image address"
            required
            hint="A path on this site or an https address."
            error={err("src")}
          >
            <Input {...register(`blocks.${index}.src`)} autoComplete="off" />
          </FormField>
          <LocalFields form={form} index={index} field="alt" label="Description of the image" errors={errors} />
        </>
      )}
      {type === "video" && (
        <>
          <FormField id={id("url")} label="Video address" required hint="An https link." error={err("url")}>
            <Input {...register(`blocks.${index}.url`)} type="url" autoComplete="off" />
          </FormField>
          <LocalFields form={form} index={index} field="title" label="Title" errors={errors} />
        </>
      )}
      {isQuestionType(type) && (
        <>
          <LocalFields form={form} index={index} field="label" label="Question" errors={errors} />
          <LocalFields form={form} index={index} field="help" label="Help" optional errors={errors} />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              id={id("key")}
              label="Key"
              required
              hint="How answers and scoring name the question."
              error={err("key")}
            >
              <Input
                {...keyField}
                autoComplete="off"
                onChange={(ev) => {
                  void keyField.onChange(ev);
                  scoredAs.current = carryKey(form, index, scoredAs.current, ev.target.value);
                }}
              />
            </FormField>
            <Controller
              control={control}
              name={`blocks.${index}.required`}
              render={({ field }) => (
                <div className="flex items-center gap-2 sm:pt-7">
                  <Checkbox
                    id={id("required")}
                    checked={field.value}
                    onCheckedChange={(on) => {
                      field.onChange(on === true);
                    }}
                  />
                  <Label htmlFor={id("required")}>Required</Label>
                </div>
              )}
            />
          </div>
        </>
      )}
      {(type === "single" || type === "multiple") && <OptionsEditor form={form} index={index} />}
      {type === "multiple" && (
        <FormField
          id={id("maxChoices")}
          label="Most options a client may choose"
          hint="Leave empty for any number. Say it in the help too (“Choose up to three.”)."
          error={err("maxChoices")}
        >
          <Input {...register(`blocks.${index}.maxChoices`)} inputMode="numeric" className="max-w-40" />
        </FormField>
      )}
      {type === "scale" && <PointsEditor form={form} index={index} />}
      {type === "number" && (
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField id={id("min")} label="Lowest" required error={err("min")}>
            <Input {...register(`blocks.${index}.min`)} inputMode="decimal" />
          </FormField>
          <FormField id={id("max")} label="Highest" required error={err("max")}>
            <Input {...register(`blocks.${index}.max`)} inputMode="decimal" />
          </FormField>
          <FormField id={id("step")} label="Step" error={err("step")}>
            <Input {...register(`blocks.${index}.step`)} inputMode="decimal" />
          </FormField>
        </div>
      )}
      {type === "number" && (
        <LocalFields form={form} index={index} field="unit" label="Unit" optional errors={errors} />
      )}
      {(type === "shortText" || type === "longText") && (
        <FormField id={id("maxLength")} label="Longest answer (characters)" required error={err("maxLength")}>
          <Input {...register(`blocks.${index}.maxLength`)} inputMode="numeric" />
        </FormField>
      )}
      {others.length > 0 && (
        <ul className="flex flex-col gap-1">
          {others.map(([path, message]) => (
            <li key={path}>
              <FieldError>
                {placeOf(path.slice(at.length + 1))}: {message}
              </FieldError>
            </li>
          ))}
        </ul>
      )}
    </FieldSet>
  );
}

type LocalField = "body" | "alt" | "title" | "label" | "help" | "unit";

/** A text in English (required unless `optional`) and French (optional), side by side from 640 px. */
function LocalFields({
  form,
  index,
  field,
  label,
  long,
  optional = false,
  errors,
}: {
  form: Form;
  index: number;
  field: LocalField;
  label: string;
  long?: boolean;
  /** Neither language is needed (a question's help, a number's unit); else English is. */
  optional?: boolean;
  errors: Map<string, string>;
}) {
  const { register } = form;
  const Control = long ? Textarea : Input;
  const id = fieldIds.block(index, field);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField
        id={`${id}-en`}
        label={`${label} (English)`}
        required={!optional}
        error={errors.get(`blocks.${String(index)}.${field}.en`)}
      >
        <Control {...register(`blocks.${index}.${field}.en`)} autoComplete="off" />
      </FormField>
      <FormField id={`${id}-fr`} label={`${label} (French)`} error={errors.get(`blocks.${String(index)}.${field}.fr`)}>
        <Control lang="fr" {...register(`blocks.${index}.${field}.fr`)} autoComplete="off" />
      </FormField>
    </div>
  );
}

function OptionsEditor({ form, index }: { form: Form; index: number }) {
  const { control, register } = form;
  const options = useFieldArray({ control, name: `blocks.${index}.options` });
  const rows = useFieldArrayFocus(options);
  const id = (j: number, f: string) => fieldIds.option(index, j, f);
  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="mb-1 text-sm font-medium">Options</legend>
      {options.fields.map((o, j) => (
        <div key={o.id} className="grid gap-3 rounded-md border p-3 sm:grid-cols-[1fr_2fr_2fr_1fr_auto] sm:items-end">
          <FormField id={id(j, "value")} label={`Option ${String(j + 1)} key`} plain>
            <Input {...register(`blocks.${index}.options.${j}.value`)} autoComplete="off" />
          </FormField>
          <LocalTextInputs
            label="Label"
            id={(lang) => id(j, lang)}
            en={register(`blocks.${index}.options.${j}.label.en`)}
            fr={register(`blocks.${index}.options.${j}.label.fr`)}
          />
          <FormField id={id(j, "score")} label="Score" plain>
            <Input {...register(`blocks.${index}.options.${j}.score`)} inputMode="decimal" />
          </FormField>
          <RemoveRowButton
            id={rows.idOf(o.id, "remove")}
            what="option"
            index={j}
            onRemove={() => {
              rows.remove(j);
            }}
          />
        </div>
      ))}
      <Button
        type="button"
        size="sm"
        variant="outline"
        className="w-fit"
        id={rows.fallbackId}
        onClick={() => {
          options.append({ value: `o${String(options.fields.length + 1)}`, label: { en: "", fr: "" }, score: "" });
        }}
      >
        Add option
      </Button>
    </fieldset>
  );
}

function PointsEditor({ form, index }: { form: Form; index: number }) {
  const { control, register } = form;
  const points = useFieldArray({ control, name: `blocks.${index}.points` });
  const rows = useFieldArrayFocus(points);
  const id = (j: number, f: string) => fieldIds.point(index, j, f);
  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="mb-1 text-sm font-medium">Points of the scale</legend>
      {points.fields.map((p, j) => (
        <div key={p.id} className="grid gap-3 rounded-md border p-3 sm:grid-cols-[1fr_2fr_2fr_auto] sm:items-end">
          <FormField id={id(j, "value")} label={`Point ${String(j + 1)} value`} plain>
            <Input {...register(`blocks.${index}.points.${j}.value`)} inputMode="numeric" />
          </FormField>
          <LocalTextInputs
            label="Label"
            id={(lang) => id(j, lang)}
            en={register(`blocks.${index}.points.${j}.label.en`)}
            fr={register(`blocks.${index}.points.${j}.label.fr`)}
          />
          <RemoveRowButton
            id={rows.idOf(p.id, "remove")}
            what="point"
            index={j}
            onRemove={() => {
              rows.remove(j);
            }}
          />
        </div>
      ))}
      <Button
        type="button"
        size="sm"
        variant="outline"
        className="w-fit"
        id={rows.fallbackId}
        onClick={() => {
          points.append({ value: String(points.fields.length), label: { en: "", fr: "" } });
        }}
      >
        Add point
      </Button>
    </fieldset>
  );
}
