"use client";

import { useQuery } from "@tanstack/react-query";
import { useState, type SubmitEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { FieldLegend, FieldSet, FormField } from "@/components/ui/field";
import { PageTitle } from "@/components/ui/heading";
import { toast } from "@/components/ui/sonner";
import { ErrorState, Loading } from "@/components/ui/states";
import { Textarea } from "@/components/ui/textarea";
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
 * shows the server's message under the field.
 */
function useSettingForm(name: keyof ClinicSettingsUpdate, saved: string, removed: string) {
  const update = useUpdateClinicSettings();
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
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
  return {
    update,
    error: errors.get(name),
    hasFieldError: errors.size > 0,
    onSubmit: (ev: SubmitEvent<HTMLFormElement>) => void onSubmit(ev),
  };
}

function CrisisContactForm({ settings }: { settings: ClinicSettings }) {
  // Emptied: the client pages show the emergency numbers only.
  const { update, error, hasFieldError, onSubmit } = useSettingForm(
    "crisisContact",
    "Crisis contact saved.",
    "Crisis contact removed.",
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Crisis contact">
      <FieldSet>
        <FieldLegend>In a crisis</FieldLegend>
        {update.isError && !hasFieldError && <ErrorState error={update.error} className="my-0" />}
        <FormField
          id="crisis-contact"
          label="Whom your clients call in a crisis"
          hint="Your after-hours line, a national crisis line: up to 500 characters. Every client page shows it after the emergency numbers (112, 911); left empty, the emergency numbers only."
          error={error}
        >
          <Textarea name="crisisContact" defaultValue={settings.crisisContact ?? ""} maxLength={500} rows={4} />
        </FormField>
        <Button type="submit" className="w-fit" pending={update.isPending}>
          {update.isPending ? "Saving…" : "Save crisis contact"}
        </Button>
      </FieldSet>
    </form>
  );
}

function DutyContactForm({ settings, dutyHours }: { settings: ClinicSettings; dutyHours: number }) {
  // Emptied: the clinic's own address is told.
  const { update, error, hasFieldError, onSubmit } = useSettingForm(
    "dutyEmail",
    "Duty contact saved.",
    "Duty contact removed: the clinic's own address will be told.",
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Duty contact">
      <FieldSet>
        <FieldLegend>When an urgent alert goes unreviewed</FieldLegend>
        {update.isError && !hasFieldError && <ErrorState error={update.error} className="my-0" />}
        <FormField
          id="duty-email"
          label="Duty contact's email"
          hint={`If nobody on the care team reviews an urgent alert, your staff are emailed, and ${dutyHours === 1 ? "an hour" : `${String(dutyHours)} hours`} later this address if still nobody has: a duty rota, a clinical lead. Left empty, the clinic's own address. Clients never see it.`}
          error={error}
        >
          <Input
            name="dutyEmail"
            type="email"
            autoComplete="off"
            defaultValue={settings.dutyEmail ?? ""}
            maxLength={254}
          />
        </FormField>
        <Button type="submit" className="w-fit" pending={update.isPending}>
          {update.isPending ? "Saving…" : "Save duty contact"}
        </Button>
      </FieldSet>
    </form>
  );
}
