"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { notFound, useRouter } from "next/navigation";
import { useEffect } from "react";
import { useForm, useWatch, type FieldPath } from "react-hook-form";
import type { z } from "zod";
import { useDateFormat } from "@/components/local-date";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import {
  SessionBooksField,
  SessionOwnerFields,
  SessionTimingFields,
  asText,
  bookOptions,
  countForPlan,
  type SessionBinding,
  weeksOf,
} from "@/components/sessions/session-fields";
import { FieldLegend, FieldSet, FormField, RequiredMark } from "@/components/ui/field";
import { PageTitle } from "@/components/ui/heading";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/sonner";
import { ErrorState, Loading } from "@/components/ui/states";
import { FormError, placeServerErrors } from "@/components/ui/form-error";
import { useFormKey } from "@/components/use-retry-key";
import { ApiError } from "@/lib/api-client/api-fetch";
import { useScheduleSessions } from "@/lib/api-client/mutations";
import { pages } from "@/lib/api-client/paths";
import { fieldMessages, plainWords, type Names } from "@/lib/api-client/plain-words";
import { queries } from "@/lib/api-client/queries";
import { ScheduleSessionsRequest } from "@/lib/schemas/scheduling";
import { counted } from "@/lib/api-client/words";

type FormInput = z.input<typeof ScheduleSessionsRequest>;
type Output = z.output<typeof ScheduleSessionsRequest>;

/** What "Plan the next session" carries over: the following week and the books. */
export type SchedulePrefill = { date?: string; time?: string; bookIds?: number[] };

// The session request is the whole form.
const IDS = {
  caregiverId: "caregiverId",
  designPlanId: "designPlanId",
  bookIdList: "bookIdList",
  date: "date",
  time: "time",
  sessionCount: "sessionCount",
  remindDays: "remindDays",
} satisfies SessionBinding["ids"];

// The form's fields that can show a server error; anything else shows above the form.
const FIELDS: FieldPath<FormInput>[] = [
  "caregiverId",
  "designPlanId",
  "bookIdList",
  "date",
  "time",
  "sessionCount",
  "remindDays",
  "title",
];

/** Schedules a client's next weekly sessions with their homework (care team and clinic staff). */
export function ScheduleSessionsForm({
  clientId,
  staff,
  self,
  prefill,
}: {
  clientId: number;
  /** Clinic staff must name the care provider; a care provider schedules their own by default. */
  staff: boolean;
  /** The care provider scheduling, offered as "Me" rather than by name. */
  self?: number;
  prefill: SchedulePrefill;
}) {
  const router = useRouter();
  const formatDate = useDateFormat();
  const schedule = useScheduleSessions(useFormKey());
  const client = useQuery(queries.client(clientId));
  const plans = useQuery(queries.designPlans());
  const books = useQuery(queries.books());
  const form = useForm<FormInput, unknown, Output>({
    resolver: zodResolver(ScheduleSessionsRequest),
    defaultValues: { clientId, bookIdList: prefill.bookIds ?? [], date: prefill.date, time: prefill.time },
  });
  const { register, handleSubmit, setValue, getValues, setError, clearErrors, control, formState } = form;
  const e = formState.errors;
  const chosenBooks = useWatch({ control, name: "bookIdList" }) ?? [];
  const planId = useWatch({ control, name: "designPlanId" });
  const planWeeks = weeksOf(plans.data, planId);
  // A book of the last session no longer offered (archived, or with nothing to give) is left out of
  // the prefill: ticked, it had no box to untick, and every send was refused (a review, 2026-12-07).
  useEffect(() => {
    if (!books.data) return;
    const offered = new Set(bookOptions(books.data).flatMap((o) => (o.disabled ? [] : [o.id])));
    const chosen = getValues("bookIdList") ?? [];
    const kept = chosen.filter((id) => offered.has(id));
    if (kept.length !== chosen.length) setValue("bookIdList", kept);
  }, [books.data, getValues, setValue]);
  const bind: SessionBinding = {
    planWeeks,
    planChosen: (weeks) => {
      setValue("sessionCount", countForPlan(getValues("sessionCount"), planWeeks, weeks));
    },
    ids: IDS,
    register: (field, options) => register(field, options),
    errors: e,
    books: chosenBooks,
    setBooks: (v) => {
      clearErrors("bookIdList");
      setValue("bookIdList", v);
    },
  };

  if (client.isPending) return <Loading what="the client" />;
  if (client.isError) {
    // A client outside the caller's care team or clinic is, to them, a page that does not exist.
    if (client.error instanceof ApiError && client.error.status === 404) notFound();
    return <ErrorState error={client.error} />;
  }
  const c = client.data;
  const names: Names = {
    caregivers: new Map(c.careTeam.map((m) => [m.id, m.name])),
    books: new Map(books.data?.map((b) => [b.id, b.name])),
    designPlans: new Map(plans.data?.map((p) => [p.id, p.name])),
  };

  /**
   * The API names the session it would overlap by its id and start in its own format (a title is the
   * clinic's words about the client, kept out of errors callers log): the page has the client's
   * sessions, and says it with the title, the care provider and the start in the person's time.
   */
  const overlapInWords = (detail: string) => {
    const id = /would overlap .*\(session (\d+)\)$/.exec(detail)?.[1];
    const session = c.sessions.find((x) => String(x.id) === id);
    if (!session) return null;
    return `These sessions would overlap “${session.title}”, an open session of ${c.name} with ${session.caregiverName}, which starts ${formatDate(session.startDate)}. Choose a later start, or fewer sessions.`;
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      const created = await schedule.mutateAsync(values);
      const n = created.length;
      toast.success(`${counted(n, "session", "sessions")} scheduled for ${c.name}.`);
      router.push(pages.client(clientId));
    } catch (err) {
      if (!(err instanceof ApiError)) {
        setError("root", { type: "server", message: "The sessions could not be scheduled. Please try again." });
        return;
      }
      const unplaced = placeServerErrors(
        fieldMessages(err.errors, names),
        (field) => FIELDS.find((f) => f === field),
        setError,
      );
      // A conflict (an overlapping open session, an inactive client) is about the whole request.
      if (unplaced.length || !err.errors.length || err.status === 409)
        setError("root", {
          type: "server",
          message: unplaced.join(" ") || overlapInWords(err.detail) || plainWords(err.detail, names),
        });
    }
  });

  // Still pending once scheduled, until the client's page has opened: a second press would schedule again.
  const busy = formState.isSubmitting || schedule.isSuccess;
  return (
    <form
      method="post"
      onSubmit={(ev) => void onSubmit(ev)}
      noValidate
      className="flex flex-col gap-8"
      aria-labelledby="schedule-heading"
    >
      <div className="flex flex-col gap-2">
        <PageTitle id="schedule-heading">Schedule sessions for {c.name}</PageTitle>
        <p className="text-sm text-muted-foreground">
          Each session lasts a week; the next starts when the previous ends. Fields marked <RequiredMark /> are
          required.
        </p>
      </div>
      <FormError message={e.root?.message} />
      <FieldSet className="grid sm:grid-cols-2">
        <FieldLegend>Sessions</FieldLegend>
        <SessionOwnerFields
          bind={bind}
          caregivers={c.careTeam.filter((m) => m.id !== self)}
          caregiverRequired={staff}
          plans={plans.data}
        />
        <FormField
          id="title"
          label="Title"
          hint={
            c.language === "FR"
              ? "The client reads French: the design plan's French name (else its name), or “Séance”, if left empty."
              : "The design plan's name, or “Session”, if left empty."
          }
          error={e.title?.message}
        >
          <Input {...register("title", asText)} autoComplete="off" />
        </FormField>
        <SessionTimingFields
          bind={bind}
          remindHint="Days after each start when client and care provider are reminded."
        />
      </FieldSet>
      <div className="rounded-xl border bg-card p-4 sm:p-5">
        {books.isPending ? (
          <Loading what="books" lines={2} />
        ) : books.isError ? (
          <ErrorState error={books.error} />
        ) : (
          <SessionBooksField
            bind={bind}
            books={books.data}
            hint="The homework of every session: one assignment per module of each book."
            language={client.data.language}
            planId={planId}
          />
        )}
      </div>
      <div className="flex flex-wrap gap-3">
        <SubmitButton size="lg" pending={busy}>
          {busy ? "Scheduling…" : "Schedule sessions"}
        </SubmitButton>
        <Button variant="outline" size="lg" asChild>
          <Link href={pages.client(clientId)}>Cancel</Link>
        </Button>
      </div>
    </form>
  );
}
