"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Controller, useFieldArray, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { bookOptions } from "@/components/sessions/session-fields";
import { CheckboxGroup } from "@/components/ui/checkbox-group";
import { FieldLegend, FieldSet, FormField } from "@/components/ui/field";
import { PageTitle } from "@/components/ui/heading";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/sonner";
import { Empty, ErrorState, Loading } from "@/components/ui/states";
import { TextLink } from "@/components/ui/text-link";
import { Textarea } from "@/components/ui/textarea";
import { useFormFollows } from "@/components/use-form-follows";
import { useFormLeaveGuard } from "@/components/use-leave-guard";
import { useFieldArrayFocus } from "@/components/use-row-focus";
import { ApiError } from "@/lib/api-client/api-fetch";
import { useCreateDesignPlan, useUpdateDesignPlan } from "@/lib/api-client/authoring-mutations";
import { pages } from "@/lib/api-client/paths";
import { fieldMessages } from "@/lib/api-client/plain-words";
import { queries } from "@/lib/api-client/queries";
import { NOTHING_TO_SAVE } from "@/lib/api-client/words";
import type { DesignPlanDetailT } from "@/lib/schemas/authoring";
import { blankToNull, changedFields } from "@/lib/utils";
import { ArchivePanel } from "./archive-panel";
import { FrenchNameField } from "./french-name-field";

type PlanForm = { name: string; nameFr: string; description: string; weeks: { bookIds: number[] }[] };

/** A new design plan: the editor, with one empty week. */
export function NewDesignPlan() {
  return <PlanEditor initial={{ name: "", nameFr: "", description: "", weeks: [{ bookIds: [] }] }} />;
}

/** A design plan's name, description and weeks. */
export function EditDesignPlan({ id }: { id: number }) {
  const q = useQuery(queries.designPlan(id));
  if (q.isPending) return <Loading what="the design plan" />;
  if (q.isError) return <ErrorState error={q.error} />;
  const p = q.data;
  return (
    <PlanEditor
      key={p.id}
      plan={p}
      initial={{
        name: p.name,
        nameFr: p.nameFr ?? "",
        description: p.description,
        weeks: p.weeks.map((w) => ({ bookIds: w.books.map((b) => b.id) })),
      }}
    />
  );
}

function PlanEditor({ plan, initial }: { plan?: DesignPlanDetailT; initial: PlanForm }) {
  const router = useRouter();
  const books = useQuery(queries.books());
  const create = useCreateDesignPlan();
  const update = useUpdateDesignPlan(plan?.id ?? 0);
  // Its own: an archiving refused is said at its card, not at the form's top.
  const archiving = useUpdateDesignPlan(plan?.id ?? 0);
  const form = useForm<PlanForm>({ defaultValues: initial });
  useFormFollows(form, initial);
  useFormLeaveGuard(form, initial);
  const weeks = useFieldArray({ control: form.control, name: "weeks" });
  const weekRows = useFieldArrayFocus(weeks);
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const pending = create.isPending || update.isPending;
  const names = new Map(books.data?.map((b) => [b.id, b.name]));
  // A book of the plan's weeks archived since is not among the books offered: it is shown where it
  // is ticked, so that it can be taken out (the plan cannot come back with it; a review, 2026-12-07).
  const archivedNames = new Map(plan?.weeks.flatMap((w) => w.books.map((b) => [b.id, b.name] as const)));
  const archivedIn = (ids: number[]) =>
    ids.flatMap((id) =>
      names.has(id) ? [] : [{ id, label: archivedNames.get(id) ?? "A book", detail: "archived", disabled: false }],
    );

  async function save(v: PlanForm) {
    setErrors(new Map());
    const fields = { name: v.name, nameFr: blankToNull(v.nameFr), description: v.description };
    try {
      if (plan) {
        // Only what differs from the plan as last read (the form takes each new reading in, above),
        // so that a colleague's change saved meanwhile stands.
        const changes = {
          ...changedFields(plan, fields),
          ...(JSON.stringify(v.weeks) === JSON.stringify(initial.weeks) ? {} : { weeks: v.weeks }),
        };
        if (!Object.keys(changes).length) {
          toast.info(NOTHING_TO_SAVE);
          return;
        }
        await update.mutateAsync(changes);
        toast.success("Design plan saved.");
      } else {
        const made = await create.mutateAsync({ ...fields, weeks: v.weeks });
        toast.success(`Design plan “${made.name}” created.`);
        router.replace(pages.designPlan(made.id));
      }
    } catch (err) {
      if (err instanceof ApiError) setErrors(fieldMessages(err.errors, { books: names }));
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <TextLink href={pages.library}>← Library</TextLink>
      <PageTitle>{plan ? plan.name : "New design plan"}</PageTitle>
      {plan?.archived && <ArchivePanel what="design plan" name={plan.name} archived change={archiving} />}
      <form
        method="post"
        aria-label="Design plan"
        noValidate
        onSubmit={(ev) => void form.handleSubmit(save)(ev)}
        className="flex flex-col gap-6"
      >
        {(create.isError || update.isError) && !errors.size && (
          <ErrorState error={create.error ?? update.error} className="my-0" />
        )}
        <FieldSet>
          <FieldLegend>The plan</FieldLegend>
          <FormField id="plan-name" label="Name" required error={errors.get("name")}>
            <Input {...form.register("name")} autoComplete="off" />
          </FormField>
          <FrenchNameField
            id="plan-name-fr"
            {...form.register("nameFr")}
            hint="The title of the sessions scheduled with the plan for clients whose language is French. Left empty, they are titled by the name above."
            error={errors.get("nameFr")}
          />
          <FormField id="plan-description" label="Description" error={errors.get("description")}>
            <Textarea {...form.register("description")} />
          </FormField>
        </FieldSet>
        {books.isPending ? (
          <Loading what="books" />
        ) : books.isError ? (
          <ErrorState error={books.error} />
        ) : books.data.length === 0 ? (
          <Empty>The clinic has no books yet: make one in the library first.</Empty>
        ) : (
          weeks.fields.map((w, i) => (
            <FieldSet key={w.id} aria-label={`Week ${String(i + 1)}`}>
              <FieldLegend>Week {i + 1}</FieldLegend>
              <Controller
                control={form.control}
                name={`weeks.${i}.bookIds`}
                render={({ field }) => (
                  <CheckboxGroup
                    id={`week-${String(i + 1)}`}
                    legend={`Books of week ${String(i + 1)}`}
                    hint={i === 0 ? "Each module of each book becomes homework of that week's session." : undefined}
                    options={[...bookOptions(books.data, true), ...archivedIn(field.value)]}
                    value={field.value}
                    onChange={field.onChange}
                    error={errors.get(`weeks.${String(i)}.bookIds`)}
                  />
                )}
              />
              <Button
                type="button"
                size="sm"
                variant="outline"
                className="w-fit"
                id={weekRows.idOf(w.id, "remove")}
                disabled={weeks.fields.length === 1}
                onClick={() => {
                  weekRows.remove(i);
                }}
              >
                Remove week {i + 1}
              </Button>
            </FieldSet>
          ))
        )}
        <div className="flex flex-wrap gap-3">
          <Button
            type="button"
            variant="outline"
            id={weekRows.fallbackId}
            onClick={() => {
              weeks.append({ bookIds: [] });
            }}
          >
            Add week
          </Button>
          <SubmitButton pending={pending}>
            {pending ? "Saving…" : plan ? "Save design plan" : "Create design plan"}
          </SubmitButton>
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              router.push(pages.library);
            }}
          >
            Cancel
          </Button>
        </div>
      </form>
      {plan && !plan.archived && (
        <ArchivePanel what="design plan" name={plan.name} archived={false} change={archiving} />
      )}
    </div>
  );
}
