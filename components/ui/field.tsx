"use client";

import { Slot } from "radix-ui";
import type { ComponentProps, ReactNode } from "react";
import { Label } from "@/components/ui/label";
import { plainBounds, sentence } from "@/lib/api-client/plain-words";
import { cn } from "@/lib/utils";

function FieldSet({ className, ...props }: ComponentProps<"fieldset">) {
  return (
    <fieldset
      data-slot="field-set"
      className={cn("flex min-w-0 flex-col gap-4 rounded-xl border bg-card p-4 sm:p-5", className)}
      {...props}
    />
  );
}

function FieldLegend({ className, ...props }: ComponentProps<"legend">) {
  return <legend data-slot="field-legend" className={cn("px-1 text-base font-semibold", className)} {...props} />;
}

function FieldDescription({ className, ...props }: ComponentProps<"p">) {
  return <p data-slot="field-description" className={cn("text-sm text-muted-foreground", className)} {...props} />;
}

/** A field's error as a sentence in plain words, whether the form's schema or the server wrote it. */
function FieldError({ className, children, ...props }: ComponentProps<"p">) {
  return (
    <p data-slot="field-error" className={cn("text-sm font-medium text-destructive", className)} {...props}>
      {typeof children === "string" ? sentence(plainBounds(children)) : children}
    </p>
  );
}

/**
 * "*" after a required field's label; the control itself carries `aria-required`. In a sentence
 * about the mark ("Fields marked * are required."), `spoken` is what screen readers say in its place:
 * hidden, it left them "Fields marked are required."
 */
function RequiredMark({ spoken }: { spoken?: string }) {
  return (
    <>
      <span aria-hidden="true" className="text-destructive">
        *
      </span>
      {spoken && <span className="sr-only">{spoken}</span>}
    </>
  );
}

function OptionalMark() {
  return <span className="font-normal text-muted-foreground">(optional)</span>;
}

/** Ids of a field's hint and error, and any `more` that describe it, as `aria-describedby` names them. */
export const describedBy = (id: string, hint: unknown, error: unknown, ...more: (string | false)[]) =>
  [hint ? `${id}-hint` : "", error ? `${id}-error` : "", ...more].filter(Boolean).join(" ") || undefined;

type FormFieldProps = {
  id: string;
  label: ReactNode;
  /** Marked with * and `aria-required`; otherwise the label says "(optional)" unless `plain`. */
  required?: boolean;
  plain?: boolean;
  hint?: ReactNode;
  error?: string;
  className?: string;
  /** One control (Input, Textarea, NativeSelect...): it gets id, aria-describedby, aria-invalid. */
  children: ReactNode;
  /** What the control sits in, when it is more than the control (a drop zone around a file input). */
  frame?: (control: ReactNode) => ReactNode;
  /** The id of more that describes the control, after its hint and error (a file picker's chosen file). */
  describedByMore?: string;
};

/** A label, its control, a hint and an error, wired for assistive technology. */
function FormField({
  id,
  label,
  required,
  plain,
  hint,
  error,
  className,
  children,
  frame,
  describedByMore,
}: FormFieldProps) {
  return (
    <div
      data-slot="form-field"
      data-invalid={Boolean(error)}
      className={cn("flex min-w-0 flex-col gap-1.5", className)}
    >
      <Label htmlFor={id}>
        {label}
        {required ? <RequiredMark /> : !plain && <OptionalMark />}
      </Label>
      {hint && frame && <FieldDescription id={`${id}-hint`}>{hint}</FieldDescription>}
      {(frame ?? ((c: ReactNode) => c))(
        <Slot.Root
          id={id}
          aria-describedby={describedBy(id, hint, error, describedByMore ?? false)}
          aria-invalid={error ? true : undefined}
          aria-required={required ? true : undefined}
        >
          {children}
        </Slot.Root>,
      )}
      {hint && !frame && <FieldDescription id={`${id}-hint`}>{hint}</FieldDescription>}
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}

export { FieldDescription, FieldError, FieldLegend, FieldSet, FormField, OptionalMark, RequiredMark };
