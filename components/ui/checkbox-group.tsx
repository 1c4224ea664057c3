"use client";

import type { ReactNode } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { FieldDescription, FieldError, OptionalMark, RequiredMark, describedBy } from "@/components/ui/field";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";

/** `disabled`: shown, not offered (a book with nothing in it to assign). */
type Option = { id: number; label: ReactNode; detail?: ReactNode; disabled?: boolean };

type Props = {
  /** Prefix of the ids of the group, its hint, its error and its boxes. */
  id: string;
  legend: ReactNode;
  options: Option[];
  value: number[];
  onChange: (value: number[]) => void;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  className?: string;
  /**
   * A field that narrows the boxes shown (a clinic's hundred clients), between the hint and the
   * boxes: inside the group, so that it is heard as part of the question the legend asks.
   */
  filter?: ReactNode;
};

/**
 * Several choices under one question: a fieldset whose legend names the group, its hint and error
 * tied to it (and to every box) by aria-describedby.
 */
function CheckboxGroup({ id, legend, options, value, onChange, required, hint, error, className, filter }: Props) {
  const described = describedBy(id, hint, error);
  const toggle = (option: number, on: boolean) => {
    onChange(on ? [...value.filter((x) => x !== option), option] : value.filter((x) => x !== option));
  };
  return (
    <fieldset
      id={id}
      data-slot="checkbox-group"
      aria-describedby={described}
      className={cn("flex min-w-0 flex-col gap-2", className)}
    >
      <legend className="mb-1 flex items-center gap-2 text-sm font-medium">
        {legend}
        {required ? <RequiredMark /> : <OptionalMark />}
      </legend>
      {hint && <FieldDescription id={`${id}-hint`}>{hint}</FieldDescription>}
      {filter}
      <ul className="grid gap-2 sm:grid-cols-2">
        {options.map((o) => (
          <li key={o.id} className="flex items-center gap-2">
            <Checkbox
              id={`${id}-${o.id}`}
              checked={value.includes(o.id)}
              disabled={o.disabled}
              onCheckedChange={(on) => {
                toggle(o.id, on === true);
              }}
              aria-invalid={error ? true : undefined}
            />
            <Label htmlFor={`${id}-${o.id}`} className="font-normal">
              <span>
                {o.label}
                {o.detail && <span className="text-muted-foreground"> · {o.detail}</span>}
              </span>
            </Label>
          </li>
        ))}
      </ul>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </fieldset>
  );
}

export { CheckboxGroup };
