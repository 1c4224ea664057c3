import type { ReactNode } from "react";
import type { T, Words } from "@/components/modules/module-words";
import { Checkbox } from "@/components/ui/checkbox";
import { FieldDescription, FieldError, FormField, RequiredMark, describedBy } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { Textarea } from "@/components/ui/textarea";
import type { QuestionT } from "@/lib/schemas/module-definition";
import { cn } from "@/lib/utils";

/**
 * The label's text with the mark of a required question, or the word for an optional one. In a
 * FormField, which marks a required control itself, `inField` leaves the mark to it.
 */
function LabelText({ question, t, words, inField }: { question: QuestionT; t: T; words: Words; inField?: boolean }) {
  return (
    <>
      <span>{t(question.label)}</span>
      {question.required ? (
        !inField && <RequiredMark />
      ) : (
        <span className="font-normal text-muted-foreground">{words.optional}</span>
      )}
    </>
  );
}

type ControlProps = {
  id: string;
  question: QuestionT;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: string;
  t: T;
  words: Words;
};

export function QuestionControl(p: ControlProps) {
  const { id, question: q, value, onChange, error, t, words } = p;
  const help = q.help ? t(q.help) : undefined;
  switch (q.type) {
    case "single":
      return (
        <ChoiceGroup
          {...p}
          kind="radio"
          options={q.options.map((o) => ({ value: o.value, label: t(o.label) }))}
          selected={typeof value === "string" ? [value] : []}
          onSelect={(v) => {
            onChange(v[0]);
          }}
        />
      );
    case "scale":
      return (
        <ChoiceGroup
          {...p}
          kind="radio"
          points
          options={q.points.map((o) => ({ value: String(o.value), label: t(o.label) }))}
          selected={typeof value === "number" ? [String(value)] : []}
          onSelect={(v) => {
            onChange(q.points.find((o) => String(o.value) === v[0])?.value);
          }}
        />
      );
    case "multiple":
      return (
        <ChoiceGroup
          {...p}
          kind="checkbox"
          most={q.maxChoices}
          options={q.options.map((o) => ({ value: o.value, label: t(o.label) }))}
          selected={Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []}
          onSelect={(v) => {
            onChange(v.length ? v : undefined);
          }}
        />
      );
    case "number":
      return (
        <FormField
          id={id}
          label={<LabelText question={q} t={t} words={words} inField />}
          required={q.required}
          plain
          hint={[help, words.range(q.min, q.max)].filter(Boolean).join(" · ")}
          error={error}
          frame={(control) => (
            <div className="flex items-center gap-2">
              {control}
              {q.unit && <span className="text-sm">{t(q.unit)}</span>}
            </div>
          )}
        >
          <Input
            type="number"
            inputMode="decimal"
            min={q.min}
            max={q.max}
            step={q.step ?? "any"}
            value={typeof value === "number" ? value : ""}
            onChange={(e) => {
              if (e.target.value === "") onChange(undefined);
              else if (!Number.isNaN(e.target.valueAsNumber)) onChange(e.target.valueAsNumber);
            }}
            className="max-w-40"
          />
        </FormField>
      );
    case "shortText":
    case "longText": {
      const text = typeof value === "string" ? value : "";
      const Control = q.type === "shortText" ? Input : Textarea;
      return (
        <FormField
          id={id}
          label={<LabelText question={q} t={t} words={words} inField />}
          required={q.required}
          plain
          hint={
            <>
              {help && <span className="block">{help}</span>}
              <span>{words.characters(text.length, q.maxLength)}</span>
            </>
          }
          error={error}
        >
          <Control
            value={text}
            maxLength={q.maxLength}
            onChange={(e) => {
              onChange(e.target.value === "" ? undefined : e.target.value);
            }}
            className={q.type === "longText" ? "min-h-28" : undefined}
          />
        </FormField>
      );
    }
    case "date":
    case "time":
      // A time input gives HH:MM on a 24-hour clock whatever the display (a 12-hour locale shows
      // AM/PM), which is what the question stores.
      return (
        <FormField
          id={id}
          label={<LabelText question={q} t={t} words={words} inField />}
          required={q.required}
          plain
          hint={help}
          error={error}
        >
          <Input
            type={q.type}
            value={typeof value === "string" ? value : ""}
            onChange={(e) => {
              onChange(e.target.value === "" ? undefined : e.target.value);
            }}
            className="max-w-52"
          />
        </FormField>
      );
  }
}

type ChoiceProps = ControlProps & {
  kind: "radio" | "checkbox";
  options: { value: string; label: string }[];
  selected: string[];
  onSelect: (values: string[]) => void;
  /** The most options that may be chosen: once as many are, the others cannot be until one is unticked. */
  most?: number;
  /** A scale's points: side by side where every point between its ends is short ("10 %", "7"), an end with words on a row of its own. */
  points?: boolean;
};

/** A point this short (in characters) fits three to a row on a phone. */
const SHORT_POINT = 6;

/**
 * Choices under one question: a fieldset whose legend is the question, its help and error tied to
 * the group (and to every box) by aria-describedby. One choice (the fieldset is the radio group) or
 * several (a group of boxes).
 */
function ChoiceGroup({ id, question, error, t, words, kind, options, selected, onSelect, most, points }: ChoiceProps) {
  // Counted among the options shown: the editor's preview keeps a tick whose option has gone.
  const chosen = selected.filter((v) => options.some((o) => o.value === v)).length;
  const full = most !== undefined && chosen >= most;
  const help = question.help ? t(question.help) : undefined;
  // While full, the line that says why the others are greyed out describes the group and each box.
  const described = describedBy(id, help, error, full && `${id}-most`);
  const legendId = `${id}-legend`;
  // Side by side only when every point between the ends is short: a scale of words (Never, Rarely,
  // Sometimes…) stays one column rather than some words paired and some alone.
  const short = (label: string) => Array.from(label).length <= SHORT_POINT;
  const compact = points === true && options.slice(1, -1).every((o) => short(o.label));
  const item = "flex min-h-11 items-center gap-3 rounded-md border bg-card px-3 py-2";
  const fieldset = (controls: ReactNode) => (
    <fieldset
      id={id}
      data-slot="question"
      aria-describedby={described}
      className="flex min-w-0 flex-col gap-2"
      data-invalid={Boolean(error)}
    >
      <legend id={legendId} className="mb-1 flex flex-wrap items-center gap-x-2 font-medium">
        <LabelText question={question} t={t} words={words} />
      </legend>
      {help && <FieldDescription id={`${id}-hint`}>{help}</FieldDescription>}
      {controls}
      {most !== undefined && (
        // Said as the last allowed choice is ticked, so that nobody wonders why the others went grey.
        <p id={`${id}-most`} aria-live="polite" className="text-sm text-muted-foreground">
          {full ? words.mostChosen(chosen, most) : ""}
        </p>
      )}
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </fieldset>
  );
  // One choice: the fieldset is the radio group itself, named by its legend, so that a screen reader
  // entering it says the question once (a group around a radio group said it twice, with its hint).
  if (kind === "radio")
    return (
      <RadioGroup
        asChild
        value={selected[0] ?? ""}
        onValueChange={(v) => {
          onSelect([v]);
        }}
        aria-labelledby={legendId}
        aria-required={question.required || undefined}
        aria-invalid={error ? true : undefined}
        // The kit's grid is the points' own box, inside.
        className="flex"
      >
        {fieldset(
          <div className={cn("grid gap-2", compact && "grid-cols-[repeat(auto-fill,minmax(5.5rem,1fr))]")}>
            {options.map((o) => (
              <div key={o.value} className={cn(item, compact && !short(o.label) && "col-span-full")}>
                <RadioGroupItem id={`${id}-${o.value}`} value={o.value} aria-invalid={error ? true : undefined} />
                <Label htmlFor={`${id}-${o.value}`} className="flex-1 font-normal">
                  {o.label}
                </Label>
              </div>
            ))}
          </div>,
        )}
      </RadioGroup>
    );
  return fieldset(
    <ul className="grid gap-2">
      {options.map((o) => (
        <li key={o.value} className={item}>
          <Checkbox
            id={`${id}-${o.value}`}
            checked={selected.includes(o.value)}
            disabled={full && !selected.includes(o.value)}
            onCheckedChange={(on) => {
              onSelect(on === true ? [...selected, o.value] : selected.filter((v) => v !== o.value));
            }}
            aria-describedby={described}
            aria-invalid={error ? true : undefined}
          />
          <Label htmlFor={`${id}-${o.value}`} className="flex-1 font-normal">
            {o.label}
          </Label>
        </li>
      ))}
    </ul>,
  );
}
