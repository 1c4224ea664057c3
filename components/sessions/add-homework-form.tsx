"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useFieldArray, useForm, useWatch, type FieldPath } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { FrenchGaps } from "@/components/sessions/french-gaps";
import { bookOptions } from "@/components/sessions/session-fields";
import { CheckboxGroup } from "@/components/ui/checkbox-group";
import { FieldLegend, FieldSet, FormField } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/sonner";
import { ErrorState, Loading } from "@/components/ui/states";
import { FormError, placeServerErrors } from "@/components/ui/form-error";
import { useFormKey } from "@/components/use-retry-key";
import { useFieldArrayFocus } from "@/components/use-row-focus";
import { ApiError } from "@/lib/api-client/api-fetch";
import { useAddHomework } from "@/lib/api-client/mutations";
import { fieldMessages, plainWords, type Names } from "@/lib/api-client/plain-words";
import { queries } from "@/lib/api-client/queries";
import { AddHomeworkRequest } from "@/lib/schemas/scheduling";
import { counted } from "@/lib/api-client/words";

type FormInput = z.input<typeof AddHomeworkRequest>;
type Output = z.output<typeof AddHomeworkRequest>;

const str = { setValueAs: (v: string) => (v === "" ? undefined : v) };

const FIELDS: FieldPath<FormInput>[] = ["bookIds", "startDate", "startTime", "endDate", "endTime", "remindDates"];

/** Books into an open session, with a start, an optional due moment and reminders. */
export function AddHomeworkForm({ sessionId, onDone }: { sessionId: number; onDone: () => void }) {
  const add = useAddHomework(sessionId, useFormKey());
  const books = useQuery(queries.books());
  // The session's page has read it already: it names the language the client reads in.
  const timing = useQuery(queries.homeworkTiming(sessionId));
  const form = useForm<FormInput, unknown, Output>({
    resolver: zodResolver(AddHomeworkRequest),
    defaultValues: { sessionId, bookIds: [], remindDates: [] },
  });
  const { register, handleSubmit, setValue, setError, clearErrors, control, formState } = form;
  const reminders = useFieldArray({ control, name: "remindDates" });
  const reminderRows = useFieldArrayFocus(reminders);
  const e = formState.errors;
  const chosen = useWatch({ control, name: "bookIds" });
  const names: Names = { books: new Map(books.data?.map((b) => [b.id, b.name])) };

  const onSubmit = handleSubmit(
    async (values) => {
      try {
        await add.mutateAsync(values);
        const n = values.bookIds.length;
        toast.success(`Homework added: ${counted(n, "book", "books")}.`);
        onDone();
      } catch (err) {
        if (!(err instanceof ApiError)) {
          setError("root", { type: "server", message: "The homework could not be added. Please try again." });
          return;
        }
        const unplaced = placeServerErrors(
          fieldMessages(err.errors, names),
          (field) => FIELDS.find((f) => f === field) ?? (field.startsWith("remindDates") ? "remindDates" : undefined),
          setError,
        );
        if (unplaced.length || !err.errors.length)
          setError("root", { type: "server", message: unplaced.join(" ") || plainWords(err.detail, names) });
      }
    },
    // The books are boxes the form does not register, so react-hook-form cannot focus them itself; it
    // focuses the first registered field in error now and again in a timeout queued after this one,
    // so the books take the focus in a timeout queued after that, being first on the form.
    (errors) => {
      if (!errors.bookIds) return;
      setTimeout(() => {
        setTimeout(() => document.querySelector<HTMLElement>("#hw-books [role=checkbox]:not(:disabled)")?.focus());
      });
    },
  );

  const reminderError = e.remindDates?.message ?? e.remindDates?.root?.message;
  return (
    <form
      method="post"
      onSubmit={(ev) => void onSubmit(ev)}
      noValidate
      className="flex flex-col gap-4"
      aria-label="Add homework"
    >
      <FormError message={e.root?.message} />
      {/* One item of the form: the French list's live region, empty, would add the form's gap. */}
      <div className="flex flex-col">
        {books.isPending ? (
          <Loading what="books" lines={2} />
        ) : books.isError ? (
          <ErrorState error={books.error} />
        ) : (
          <CheckboxGroup
            id="hw-books"
            legend="Books"
            required
            hint="One assignment per module of each book."
            options={bookOptions(books.data)}
            value={chosen}
            onChange={(v) => {
              clearErrors("bookIds");
              setValue("bookIds", v);
            }}
            error={e.bookIds?.message ?? (e.bookIds ? "Choose at least one book." : undefined)}
          />
        )}
        <FrenchGaps
          books={books.data?.filter((b) => chosen.includes(b.id)) ?? []}
          planId={null}
          language={timing.data?.clientLanguage}
        />
      </div>
      <FieldSet className="grid sm:grid-cols-2">
        <FieldLegend>When</FieldLegend>
        <FormField id="hw-start-date" label="Start date" hint="Today if left empty." error={e.startDate?.message}>
          <Input {...register("startDate", str)} type="date" />
        </FormField>
        <FormField
          id="hw-start-time"
          label="Start time"
          hint="The current time of day if left empty."
          error={e.startTime?.message}
        >
          <Input {...register("startTime", str)} type="time" />
        </FormField>
        <FormField id="hw-end-date" label="Due date" hint="None if left empty." error={e.endDate?.message}>
          <Input {...register("endDate", str)} type="date" />
        </FormField>
        <FormField id="hw-end-time" label="Due time" hint="End of the day if left empty." error={e.endTime?.message}>
          <Input {...register("endTime", str)} type="time" />
        </FormField>
      </FieldSet>
      <FieldSet>
        <FieldLegend>Reminders</FieldLegend>
        {reminders.fields.map((r, i) => (
          <div key={r.id} className="flex flex-wrap items-end gap-3">
            <FormField
              id={`hw-remind-date-${String(i)}`}
              label={`Reminder ${String(i + 1)} date`}
              required
              error={e.remindDates?.[i]?.date?.message}
            >
              <Input {...register(`remindDates.${i}.date`)} type="date" />
            </FormField>
            <FormField
              id={`hw-remind-time-${String(i)}`}
              label={`Reminder ${String(i + 1)} time`}
              required
              error={e.remindDates?.[i]?.time?.message}
            >
              <Input {...register(`remindDates.${i}.time`)} type="time" />
            </FormField>
            <Button
              type="button"
              variant="outline"
              id={reminderRows.idOf(r.id, "remove")}
              onClick={() => {
                reminderRows.remove(i);
              }}
            >
              Remove<span className="sr-only"> reminder {i + 1}</span>
            </Button>
          </div>
        ))}
        {reminderError && <p className="text-sm font-medium text-destructive">{reminderError}</p>}
        <div>
          <Button
            type="button"
            variant="outline"
            id={reminderRows.fallbackId}
            onClick={() => {
              reminders.append({ date: "", time: "09:00" });
            }}
          >
            Add a reminder
          </Button>
        </div>
      </FieldSet>
      <div className="flex flex-wrap gap-3">
        <SubmitButton pending={formState.isSubmitting}>
          {formState.isSubmitting ? "Adding…" : "Add homework"}
        </SubmitButton>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
