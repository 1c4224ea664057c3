"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useId } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { PageTitle } from "@/components/ui/heading";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/sonner";
import { Callout } from "@/components/ui/callout";
import { Loading } from "@/components/ui/states";
import { emailSettingsQuery, useUpdateEmailSettings } from "@/lib/api-client/email-settings";
import type { EmailSettings } from "@/lib/schemas/email-settings";

type Setting = "remindersOn" | "messageNoticesOn" | "digestOn";

/**
 * The person's own email settings: each box saves as it is ticked. The words come from the
 * `settings` messages in the person's language (next-intl).
 */
export function EmailSettingsForm() {
  const t = useTranslations("settings");
  const settings = useQuery(emailSettingsQuery());
  const update = useUpdateEmailSettings();
  const save = (setting: Setting, on: boolean) => {
    update.mutateAsync({ [setting]: on }).then(
      () => toast.success(t("saved")),
      () => toast.error(t("notSaved")),
    );
  };
  return (
    <div className="grid gap-6">
      <PageTitle>{t("title")}</PageTitle>
      <p className="text-sm text-muted-foreground">{t("intro")}</p>
      {settings.data === undefined ? (
        settings.isError ? (
          <Callout role="alert">{t("loadFailed")}</Callout>
        ) : (
          <Loading label={t("loading")} />
        )
      ) : (
        <fieldset className="grid gap-4 rounded-lg border bg-card p-4">
          <legend className="px-1 text-sm font-semibold">{t("legend")}</legend>
          <Toggle setting="remindersOn" data={settings.data} busy={update.isPending} onChange={save} />
          <Toggle setting="messageNoticesOn" data={settings.data} busy={update.isPending} onChange={save} />
          {settings.data.digestOn !== null && (
            <>
              <Toggle setting="digestOn" data={settings.data} busy={update.isPending} onChange={save} />
              <p className="text-sm text-muted-foreground">{t("alertsAlways")}</p>
            </>
          )}
        </fieldset>
      )}
    </div>
  );
}

function Toggle({
  setting,
  data,
  busy,
  onChange,
}: {
  setting: Setting;
  data: EmailSettings;
  busy: boolean;
  onChange: (setting: Setting, on: boolean) => void;
}) {
  const t = useTranslations("settings");
  const id = useId();
  const hint = `${id}-hint`;
  return (
    <div className="flex items-start gap-3">
      <Checkbox
        id={id}
        checked={data[setting] === true}
        // Not disabled while a change is saved: that would drop the focus of the box just ticked.
        aria-disabled={busy || undefined}
        aria-describedby={hint}
        onCheckedChange={(v) => {
          if (!busy) onChange(setting, v === true);
        }}
      />
      <div className="grid gap-1">
        <Label htmlFor={id}>{t(`${setting}.label`)}</Label>
        <p id={hint} className="text-sm text-muted-foreground">
          {/* A client's settings have no digest: the words of the reminders follow who reads them. */}
          {t(`${setting}.hint`, { who: data.digestOn === null ? "client" : "caregiver" })}
        </p>
      </div>
    </div>
  );
}
