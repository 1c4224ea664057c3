"use client";

import { useQuery } from "@tanstack/react-query";
import { useState, type ReactNode, type SubmitEvent } from "react";
import { SubmitButton } from "@/components/ui/submit-button";
import { Input } from "@/components/ui/input";
import { FieldLegend, FieldSet, FormField } from "@/components/ui/field";
import { PageTitle } from "@/components/ui/heading";
import { toast } from "@/components/ui/sonner";
import { ErrorState, Loading } from "@/components/ui/states";
import { Textarea } from "@/components/ui/textarea";
import { useFocusRefused } from "@/components/use-focus-refused";
import { ApiError } from "@/lib/api-client/api-fetch";
import { clinicSettingsQuery, useUpdateClinicSettings } from "@/lib/api-client/clinic-settings";
import { fieldMessages } from "@/lib/api-client/plain-words";
import type { ClinicSettings, ClinicSettingsUpdate } from "@/lib/schemas/clinic-settings";
import { formText } from "@/lib/utils";

/** The clinic's settings: whom its clients call in a crisis, and who is told of alerts nobody reviews. */
export function ClinicSettingsPage({ dutyHours }: { dutyHours: number }) {
  const q = useQuery(clinicSettingsQuery());
  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <PageTitle>Clinic settings</PageTitle>
      {q.isPending ? (
        <Loading what="the settings" />
      ) : q.isError ? (
        <ErrorState error={q.error} />
      ) : (
        <>
          <CrisisContactForm key={q.data.crisisContact ?? ""} settings={q.data} />
          <DutyContactForm key={q.data.dutyEmail ?? ""} settings={q.data} dutyHours={dutyHours} />
        </>
      )}
    </div>
  );
}

/**
 * One setting's form: sends the field `name` alone (emptied: null), says `saved` or `removed`, and
 * shows the server's message under the field. `children` is the control, named `name`.
 */
function SettingForm({
  name,
  title,
  legend,
  field,
  saved,
  removed,
  children,
}: {
  name: keyof ClinicSettingsUpdate;
  /** The form's name, and what its button saves. */
  title: string;
  legend: string;
  field: { id: string; label: string; hint: string };
  saved: string;
  removed: string;
  children: ReactNode;
}) {
  const update = useUpdateClinicSettings();
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const formRef = useFocusRefused(errors);
  async function onSubmit(ev: SubmitEvent<HTMLFormElement>) {
    ev.preventDefault();
    const text = formText(new FormData(ev.currentTarget), name).trim();
    setErrors(new Map());
    try {
      await update.mutateAsync({ [name]: text === "" ? null : text });
      toast.success(text === "" ? removed : saved);
    } catch (err) {
      if (err instanceof ApiError) setErrors(fieldMessages(err.errors));
    }
  }
  return (
    <form ref={formRef} method="post" onSubmit={(ev) => void onSubmit(ev)} noValidate aria-label={title}>
      <FieldSet>
        <FieldLegend>{legend}</FieldLegend>
        {update.isError && !errors.size && <ErrorState error={update.error} className="my-0" />}
        <FormField {...field} error={errors.get(name)}>
          {children}
        </FormField>
        <SubmitButton className="w-fit" pending={update.isPending}>
          {update.isPending ? "Saving…" : `Save ${title.toLowerCase()}`}
        </SubmitButton>
      </FieldSet>
    </form>
  );
}

function CrisisContactForm({ settings }: { settings: ClinicSettings }) {
  return (
    <SettingForm
      name="crisisContact"
      title="Crisis contact"
      legend="In a crisis"
      field={{
        id: "crisis-contact",
        label: "Whom your clients call in a crisis",
        hint: "Your after-hours line, a national crisis line: up to 500 characters. Every client page shows it after the emergency numbers (112, 911); left empty, the emergency numbers only. Clients read it as you write it: with clients in French and in English, write it in both.",
      }}
      saved="Crisis contact saved."
      // Emptied: the client pages show the emergency numbers only.
      removed="Crisis contact removed."
    >
      <Textarea name="crisisContact" defaultValue={settings.crisisContact ?? ""} maxLength={500} rows={4} />
    </SettingForm>
  );
}

function DutyContactForm({ settings, dutyHours }: { settings: ClinicSettings; dutyHours: number }) {
  const later = dutyHours === 1 ? "an hour" : `${String(dutyHours)} hours`;
  return (
    <SettingForm
      name="dutyEmail"
      title="Duty contact"
      legend="Unreviewed urgent alerts"
      field={{
        id: "duty-email",
        label: "Duty contact's email",
        hint: `If nobody on the care team reviews an urgent alert, your staff are emailed, and ${later} later this address if still nobody has: a duty rota, a clinical lead. Left empty, the clinic's own address. Clients never see it.`,
      }}
      saved="Duty contact saved."
      removed="Duty contact removed: the clinic's own address will be told."
    >
      <Input name="dutyEmail" type="email" autoComplete="off" defaultValue={settings.dutyEmail ?? ""} maxLength={254} />
    </SettingForm>
  );
}
