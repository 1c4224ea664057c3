"use client";

import type { UseFormRegisterReturn } from "react-hook-form";
import { CheckboxGroup } from "@/components/ui/checkbox-group";
import { FormField } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { counted, fieldLabels } from "@/lib/api-client/words";
import { cn } from "@/lib/utils";
import { FrenchGaps } from "./french-gaps";

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
  /** The chosen design plan's weeks (none chosen, or none with books: undefined). */
  planWeeks: number | undefined;
  /** Another design plan chosen, with its weeks: the form's count follows them (`countForPlan`). */
  planChosen: (weeks: number | undefined) => void;
};

type Named = { id: number; name: string };
type Plan = Named & { weekCount: number };

/** The most sessions one request schedules (the API's bound). */
const MOST_SESSIONS = 52;

/** A plan's weeks as a count of sessions: none for a plan without books yet. */
export const weeksOf = (plans: Plan[] | undefined, id: number | null | undefined) => {
  const weeks = plans?.find((p) => p.id === id)?.weekCount;
  return weeks ? Math.min(weeks, MOST_SESSIONS) : undefined;
};

/**
 * The number of sessions once another plan is chosen: its weeks while the box is empty or still
 * holds the last plan's, so that a plan of nine weeks is not scheduled as its first week alone
 * (found by a review as a programme's author, 2026-12-07: the API's default is one session); a
 * number the person typed stays.
 */
export const countForPlan = (current: number | null | undefined, was: number | undefined, weeks: number | undefined) =>
  current == null || current === was ? weeks : current;

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
  plans: Plan[] | undefined;
}) {
  const e = bind.errors;
  const plan = bind.register("designPlanId", asNumber);
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
        <NativeSelect
          {...plan}
          onChange={(ev) => {
            bind.planChosen(weeksOf(plans, Number(ev.target.value) || undefined));
            void plan.onChange(ev);
          }}
        >
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

/**
 * The books as boxes, each with its modules counted (two books of one name are told apart). Where
 * homework is given, one with no modules to give (none yet, or each archived) is shown, not offered:
 * chosen, it assigned nothing while the form said the homework was added (found by a review as a
 * programme's author, 2026-12-07). A design plan's week may name it (`planning`): its modules may
 * come before the plan is scheduled.
 */
export const bookOptions = (books: (Named & { modules: unknown[] })[], planning = false) =>
  books.map((b) => ({
    id: b.id,
    label: b.name,
    detail: b.modules.length ? counted(b.modules.length, "module", "modules") : "no modules to give",
    disabled: !planning && b.modules.length === 0,
  }));

/**
 * The books whose modules become the homework, and for a client who reads French (`language`), the
 * modules still in English of those ticked and of the design plan chosen (`planId`).
 */
export function SessionBooksField({
  bind,
  books,
  hint,
  language,
  planId,
  className,
}: {
  bind: SessionBinding;
  books: (Named & { modules: unknown[] })[];
  hint: string;
  language: string | undefined;
  planId: number | null | undefined;
  className?: string;
}) {
  const error = bind.errors?.bookIdList;
  return (
    <div className={cn("flex min-w-0 flex-col", className)}>
      <CheckboxGroup
        id={bind.ids.bookIdList}
        legend={fieldLabels.bookIdList}
        hint={hint}
        options={bookOptions(books)}
        value={bind.books}
        onChange={bind.setBooks}
        error={error?.message ?? (error ? "Check the books." : undefined)}
      />
      <FrenchGaps books={books.filter((b) => bind.books.includes(b.id))} planId={planId} language={language} />
    </div>
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
        hint={
          bind.planWeeks
            ? `The design plan runs ${counted(bind.planWeeks, "week", "weeks")}: a session each. One if left empty; at most ${String(MOST_SESSIONS)}.`
            : `One if left empty; at most ${String(MOST_SESSIONS)}.`
        }
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
