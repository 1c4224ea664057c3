"use client";

import type { UseFormRegisterReturn } from "react-hook-form";
import { CheckboxGroup } from "@/components/ui/checkbox-group";
import { FormField } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { counted, fieldLabels } from "@/lib/api-client/words";

/** The fields of a session request that scheduling and a new client's first session both ask for. */
export type SessionField =
  "caregiverId" | "designPlanId" | "bookIdList" | "date" | "time" | "sessionCount" | "remindDays";

type FieldErrorLike = { type?: string | number; message?: string };

/** An empty text or number box means "not given": the API's default applies. */
export const asNumber = { setValueAs: (v: string) => (v === "" ? undefined : Number(v)) };
export const asText = { setValueAs: (v: string) => (v === "" ? undefined : v) };
type BlankAsUndefined = typeof asNumber | typeof asText;

/**
 * How the session fields reach the form that holds them, wherever the session request sits in its
 * values (the whole form, or its `session`): each form registers the paths of its own, typed values.
 */
export type SessionBinding = {
  /** The ids of the controls, which the labels, hints and errors are tied to. */
  ids: Record<SessionField, string>;
  register: (field: Exclude<SessionField, "bookIdList">, options: BlankAsUndefined) => UseFormRegisterReturn;
  errors: Partial<Record<SessionField, FieldErrorLike>> | undefined;
  books: number[];
  setBooks: (ids: number[]) => void;
};

type Named = { id: number; name: string };

/** Who owns the session (required, or the caller by default) and its design plan. */
export function SessionOwnerFields({
  bind,
  caregivers,
  caregiverRequired,
  caregiverHint,
  plans,
}: {
  bind: SessionBinding;
  caregivers: Named[] | undefined;
  caregiverRequired: boolean;
  caregiverHint?: string;
  plans: Named[] | undefined;
}) {
  const e = bind.errors;
  return (
    <>
      <FormField
        id={bind.ids.caregiverId}
        label={fieldLabels.caregiverId}
        required={caregiverRequired}
        hint={caregiverHint}
        // Nothing chosen reaches the schema as "no number", which zod words for developers.
        error={e?.caregiverId?.type === "invalid_type" ? "Choose a care provider." : e?.caregiverId?.message}
      >
        <NativeSelect {...bind.register("caregiverId", asNumber)}>
          <NativeSelectOption value="">{caregiverRequired ? "Choose…" : "Me"}</NativeSelectOption>
          {caregivers?.map((c) => (
            <NativeSelectOption key={c.id} value={c.id}>
              {c.name}
            </NativeSelectOption>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id={bind.ids.designPlanId} label={fieldLabels.designPlanId} error={e?.designPlanId?.message}>
        <NativeSelect {...bind.register("designPlanId", asNumber)}>
          <NativeSelectOption value="">None</NativeSelectOption>
          {plans?.map((p) => (
            <NativeSelectOption key={p.id} value={p.id}>
              {p.name}
            </NativeSelectOption>
          ))}
        </NativeSelect>
      </FormField>
    </>
  );
}

/** The books whose modules become the homework. */
export function SessionBooksField({
  bind,
  books,
  hint,
  className,
}: {
  bind: SessionBinding;
  books: (Named & { modules: unknown[] })[];
  hint: string;
  className?: string;
}) {
  const error = bind.errors?.bookIdList;
  return (
    <CheckboxGroup
      id={bind.ids.bookIdList}
      className={className}
      legend={fieldLabels.bookIdList}
      hint={hint}
      options={books.map((b) => ({ id: b.id, label: b.name, detail: counted(b.modules.length, "module", "modules") }))}
      value={bind.books}
      onChange={bind.setBooks}
      error={error?.message ?? (error ? "Check the books." : undefined)}
    />
  );
}

/** When the first session starts, how many follow, and when reminders go out. */
export function SessionTimingFields({ bind, remindHint }: { bind: SessionBinding; remindHint: string }) {
  const e = bind.errors;
  return (
    <>
      <FormField id={bind.ids.date} label={fieldLabels.date} hint="Today if left empty." error={e?.date?.message}>
        <Input {...bind.register("date", asText)} type="date" />
      </FormField>
      <FormField
        id={bind.ids.time}
        label={fieldLabels.time}
        hint="Now if date and time are empty; 00:00 on a date given alone."
        error={e?.time?.message}
      >
        <Input {...bind.register("time", asText)} type="time" />
      </FormField>
      <FormField
        id={bind.ids.sessionCount}
        label={fieldLabels.sessionCount}
        hint="One if left empty; at most 52."
        error={e?.sessionCount?.message}
      >
        <Input {...bind.register("sessionCount", asNumber)} type="number" min={1} max={52} />
      </FormField>
      <FormField
        id={bind.ids.remindDays}
        label={fieldLabels.remindDays}
        hint={remindHint}
        error={e?.remindDays?.message}
      >
        <Input {...bind.register("remindDays", asNumber)} type="number" min={0} max={365} />
      </FormField>
    </>
  );
}
