"use client";

import { useQuery } from "@tanstack/react-query";
import { useState, type SubmitEvent } from "react";
import { Button } from "@/components/ui/button";
import { FieldLegend, FieldSet, FormField } from "@/components/ui/field";
import { PageTitle } from "@/components/ui/heading";
import { toast } from "@/components/ui/sonner";
import { ErrorState, Loading } from "@/components/ui/states";
import { Textarea } from "@/components/ui/textarea";
import { ApiError } from "@/lib/api-client/api-fetch";
import { clinicSettingsQuery, useUpdateClinicSettings } from "@/lib/api-client/clinic-settings";
import { fieldMessages } from "@/lib/api-client/plain-words";
import type { ClinicSettings } from "@/lib/schemas/clinic-settings";
import { formText } from "@/lib/utils";

/** The clinic's settings: whom its clients call in a crisis. */
export function ClinicSettingsPage() {
  const q = useQuery(clinicSettingsQuery());
  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <PageTitle>Clinic settings</PageTitle>
      {q.isPending ? (
        <Loading what="the settings" />
      ) : q.isError ? (
        <ErrorState error={q.error} />
      ) : (
        <CrisisContactForm key={q.data.crisisContact ?? ""} settings={q.data} />
      )}
    </div>
  );
}

function CrisisContactForm({ settings }: { settings: ClinicSettings }) {
  const update = useUpdateClinicSettings();
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  async function onSubmit(ev: SubmitEvent<HTMLFormElement>) {
    ev.preventDefault();
    const text = formText(new FormData(ev.currentTarget), "crisisContact").trim();
    setErrors(new Map());
    try {
      // Emptied: the client pages show the emergency numbers only.
      await update.mutateAsync({ crisisContact: text === "" ? null : text });
      toast.success(text === "" ? "Crisis contact removed." : "Crisis contact saved.");
    } catch (err) {
      if (err instanceof ApiError) setErrors(fieldMessages(err.errors));
    }
  }
  return (
    <form onSubmit={(ev) => void onSubmit(ev)} noValidate aria-label="Crisis contact">
      <FieldSet>
        <FieldLegend>In a crisis</FieldLegend>
        {update.isError && !errors.size && <ErrorState error={update.error} className="my-0" />}
        <FormField
          id="crisis-contact"
          label="Whom your clients call in a crisis"
          hint="Your after-hours line, a national crisis line: up to 500 characters. Every client page shows it after the emergency numbers (112, 911); left empty, the emergency numbers only."
          error={errors.get("crisisContact")}
        >
          <Textarea name="crisisContact" defaultValue={settings.crisisContact ?? ""} maxLength={500} rows={4} />
        </FormField>
        <Button type="submit" className="w-fit" pending={update.isPending}>
          {update.isPending ? "Saving…" : "Save"}
        </Button>
      </FieldSet>
    </form>
  );
}
