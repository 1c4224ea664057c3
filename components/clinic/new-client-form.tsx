"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm, useWatch, type FieldPath } from "react-hook-form";
import type { z } from "zod";
import { ClientFields } from "@/components/clinic/client-fields";
import { ImageField } from "@/components/clinic/image-field";
import {
  SessionBooksField,
  SessionOwnerFields,
  SessionTimingFields,
  asText,
  countForPlan,
  type SessionBinding,
  weeksOf,
} from "@/components/sessions/session-fields";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { Checkbox } from "@/components/ui/checkbox";
import { CheckboxGroup } from "@/components/ui/checkbox-group";
import { FieldLegend, FieldSet, RequiredMark } from "@/components/ui/field";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/sonner";
import { ErrorState, Loading } from "@/components/ui/states";
import { ApiError } from "@/lib/api-client/api-fetch";
import { useCreateClient } from "@/lib/api-client/mutations";
import { pages } from "@/lib/api-client/paths";
import { fieldMessages, plainWords, type Names } from "@/lib/api-client/plain-words";
import { queries } from "@/lib/api-client/queries";
import { fieldLabels } from "@/lib/api-client/words";
import { lazyZodResolver } from "@/lib/api-client/lazy-zod-resolver";
import type { ClientCreateRequest } from "@/lib/schemas/client";
import { PageTitle } from "@/components/ui/heading";
import { FormError, placeServerErrors } from "@/components/ui/form-error";
import { useFormKey } from "@/components/use-retry-key";

type FormInput = z.input<typeof ClientCreateRequest>;
type Output = z.output<typeof ClientCreateRequest>;

// The first session's fields, under `session` in the form's values.
const SESSION_IDS = {
  caregiverId: "session-caregiver",
  designPlanId: "session-plan",
  bookIdList: "session-books",
  date: "session-date",
  time: "session-time",
  sessionCount: "session-count",
  remindDays: "session-remind",
} satisfies SessionBinding["ids"];

// The form's fields that can show a server error; anything else shows above the form.
const FIELDS: FieldPath<FormInput>[] = [
  "name",
  "email",
  "mobile",
  "externalClientId",
  "language",
  "status",
  "imageData",
  "imageExtension",
  "caregiverList",
  "session.caregiverId",
  "session.designPlanId",
  "session.bookIdList",
  "session.date",
  "session.time",
  "session.sessionCount",
  "session.remindDays",
];

export function NewClientForm() {
  const router = useRouter();
  const create = useCreateClient(useFormKey());
  const caregivers = useQuery(queries.caregivers());
  const plans = useQuery(queries.designPlans());
  const books = useQuery(queries.books());
  const [withSession, setWithSession] = useState(false);
  const form = useForm<FormInput, unknown, Output>({
    resolver: lazyZodResolver(async () => (await import("@/lib/schemas/client")).ClientCreateRequest),
    defaultValues: { language: "EN", status: "ACTIVE", caregiverList: [] },
  });
  const { register, handleSubmit, setValue, getValues, setError, clearErrors, control, formState } = form;
  const e = formState.errors;
  const team = useWatch({ control, name: "caregiverList" }) ?? [];
  const chosenBooks = useWatch({ control, name: "session.bookIdList" }) ?? [];
  const language = useWatch({ control, name: "language" }) ?? undefined;
  const planId = useWatch({ control, name: "session.designPlanId" });
  const planWeeks = weeksOf(plans.data, planId);
  const bind: SessionBinding = {
    planWeeks,
    planChosen: (weeks) => {
      setValue("session.sessionCount", countForPlan(getValues("session.sessionCount"), planWeeks, weeks));
    },
    ids: SESSION_IDS,
    register: (field, options) => register(`session.${field}`, options),
    errors: e.session,
    books: chosenBooks,
    setBooks: (v) => {
      clearErrors("session.bookIdList");
      setValue("session.bookIdList", v);
    },
  };

  const names: Names = {
    caregivers: new Map(caregivers.data?.map((c) => [c.id, c.name])),
    books: new Map(books.data?.map((b) => [b.id, b.name])),
    designPlans: new Map(plans.data?.map((p) => [p.id, p.name])),
  };

  const onSubmit = handleSubmit(async (values) => {
    const body = { ...values, session: withSession ? values.session : undefined };
    try {
      const location = await create.mutateAsync(body);
      toast.success(`Client ${values.name} created.`);
      router.push(location);
    } catch (err) {
      if (!(err instanceof ApiError)) {
        setError("root", { type: "server", message: "The client could not be created. Please try again." });
        return;
      }
      const unplaced = placeServerErrors(
        fieldMessages(err.errors, names),
        (field) => FIELDS.find((f) => f === field),
        setError,
      );
      if (unplaced.length || !err.errors.length)
        setError("root", { type: "server", message: unplaced.join(" ") || plainWords(err.detail, names) });
    }
  });

  // Still pending once created, until the client's page has opened: a second press would create another.
  const busy = formState.isSubmitting || create.isSuccess;
  return (
    <form
      method="post"
      onSubmit={(ev) => void onSubmit(ev)}
      noValidate
      className="flex flex-col gap-8"
      aria-labelledby="new-client-heading"
    >
      <div className="flex flex-col gap-2">
        <PageTitle id="new-client-heading">New client</PageTitle>
        <p className="text-sm text-muted-foreground">
          Fields marked <RequiredMark spoken="with an asterisk" /> are required.
        </p>
      </div>
      <FormError message={e.root?.message} />
      <FieldSet className="grid sm:grid-cols-2">
        <FieldLegend>The client</FieldLegend>
        <ClientFields
          register={(field) =>
            field === "mobile" || field === "externalClientId" ? register(field, asText) : register(field)
          }
          errors={e}
        />
        <div className="sm:col-span-2">
          <ImageField
            error={e.imageData?.message ?? e.imageExtension?.message}
            onImage={(img) => {
              clearErrors(["imageData", "imageExtension"]);
              setValue("imageData", img?.data ?? undefined);
              setValue("imageExtension", img?.extension ?? undefined);
            }}
          />
        </div>
      </FieldSet>

      <div className="rounded-xl border bg-card p-4 sm:p-5">
        {caregivers.isPending ? (
          <Loading what="care providers" lines={2} />
        ) : caregivers.isError ? (
          <ErrorState error={caregivers.error} />
        ) : (
          <CheckboxGroup
            id="caregiverList"
            legend={fieldLabels.caregiverList}
            hint={caregivers.data.length === 0 ? "The clinic has no care providers yet." : "Who follows the client."}
            options={caregivers.data.map((c) => ({ id: c.id, label: c.name, detail: c.position }))}
            value={team}
            onChange={(v) => {
              clearErrors("caregiverList");
              setValue("caregiverList", v);
            }}
            error={e.caregiverList?.message ?? (e.caregiverList ? "Check the care team." : undefined)}
          />
        )}
      </div>

      <FieldSet>
        <FieldLegend>First session</FieldLegend>
        <div className="flex items-center gap-2">
          <Checkbox
            id="with-session"
            checked={withSession}
            onCheckedChange={(on) => {
              setWithSession(on === true);
              if (on !== true) form.unregister("session");
              // Most often the session is one of the team's: the first ticked, until another is chosen.
              else if (team[0] !== undefined) setValue("session.caregiverId", team[0]);
            }}
          />
          <Label htmlFor="with-session" className="font-normal">
            Assign a first session now
          </Label>
        </div>
        {withSession && (
          <div className="grid gap-4 sm:grid-cols-2">
            <SessionOwnerFields
              bind={bind}
              caregivers={caregivers.data}
              caregiverRequired
              caregiverHint="Who holds the session; someone not ticked above joins the care team."
              plans={plans.data}
            />
            <SessionBooksField
              bind={bind}
              className="sm:col-span-2"
              books={books.data ?? []}
              hint="The homework: one assignment per module of each book."
              language={language}
              planId={planId}
            />
            <SessionTimingFields
              bind={bind}
              remindHint="Days after the start when client and care provider are reminded."
            />
          </div>
        )}
      </FieldSet>

      <div className="flex flex-wrap gap-3">
        <SubmitButton size="lg" pending={busy}>
          {busy ? "Creating…" : "Create client"}
        </SubmitButton>
        <Button variant="outline" size="lg" asChild>
          <Link href={pages.clinic}>Cancel</Link>
        </Button>
      </div>
    </form>
  );
}
