"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type SubmitEvent } from "react";
import type { z } from "zod";
import { ActivationBadge } from "@/components/clinic/activation-badge";
import { CareTeams } from "@/components/clinic/care-teams";
import { InvitationLink } from "@/components/clinic/invitation-link";
import { useFocusRefused } from "@/components/use-focus-refused";
import { useDateFormat } from "@/components/local-date";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { SubmitButton } from "@/components/ui/submit-button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { FieldLegend, FieldSet, FormField } from "@/components/ui/field";
import { PageTitle } from "@/components/ui/heading";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { WordOptions } from "@/components/word-options";
import { toast } from "@/components/ui/sonner";
import { ErrorState, Loading } from "@/components/ui/states";
import { TextLink } from "@/components/ui/text-link";
import { ApiError } from "@/lib/api-client/api-fetch";
import { fieldMessages } from "@/lib/api-client/plain-words";
import { NOTHING_TO_SAVE, activationStatusWords, invitationStateWords, languageWords } from "@/lib/api-client/words";
import type { CaregiverDetail, CaregiverUpdateRequest } from "@/lib/schemas/caregiver";
import { changedFields, formText } from "@/lib/utils";
import { pages } from "@/lib/api-client/paths";
import { queries } from "@/lib/api-client/queries";
import { mutateThen, useUpdateCaregiver } from "@/lib/api-client/mutations";

type Detail = z.infer<typeof CaregiverDetail>;

/** The statuses that may accept an invitation (docs/care-providers.md): all but INACTIVE and DECLINED. */
const INVITABLE: readonly Detail["activationStatus"][] = ["ACTIVE", "VERIFIED", "INVITED", "PENDING", "OPEN"];

/** One care provider: their details and status, their clients' care teams, their clinics, their invitation link. */
export function CareProviderDetail({ id, clinicId }: { id: number; clinicId: number }) {
  const q = useQuery(queries.careProvider(id));
  const date = useDateFormat();
  if (q.isPending) return <Loading what="the care provider" />;
  if (q.isError) return <ErrorState error={q.error} />;
  const c = q.data;
  const invitable = INVITABLE.includes(c.activationStatus) && !c.hasSignIn;
  return (
    <div className="flex flex-col gap-6">
      <TextLink href={pages.careProviders}>← Care providers</TextLink>
      <div className="flex flex-wrap items-center gap-3">
        <PageTitle>{c.name}</PageTitle>
        <ActivationBadge value={c.activationStatus} />
      </div>
      <dl className="grid gap-2 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
        <dt className="font-medium">Email</dt>
        <dd className="break-all">{c.email}</dd>
        <dt className="font-medium">Sign-in</dt>
        <dd>{c.hasSignIn ? "Has a username and password" : "None yet"}</dd>
      </dl>
      <DetailsForm key={`${c.id}-${c.activationStatus}-${c.position}`} c={c} />
      <CareTeams c={c} />
      <Clinics c={c} clinicId={clinicId} />
      <InvitationLink
        who={{ caregiverId: c.id }}
        invitable={invitable}
        open={c.invitation?.state === "OPEN"}
        why={
          c.hasSignIn
            ? "They already have a sign-in."
            : `An invitation is not for a care provider who is ${activationStatusWords[c.activationStatus]}.`
        }
        current={
          c.invitation
            ? `${invitationStateWords[c.invitation.state]} (valid until ${date(c.invitation.expiresAt)}).`
            : undefined
        }
      />
    </div>
  );
}

/** The statuses that may sign in; any other signs the person out at once (sign-in-hold.ts). */
const MAY_SIGN_IN: readonly Detail["activationStatus"][] = ["ACTIVE", "VERIFIED"];

type DetailsChange = z.input<typeof CaregiverUpdateRequest>;

/**
 * The fields the person changed against the loaded care provider (a status set inactive meanwhile
 * must not come back as active).
 */
function changesOf(form: FormData, c: Detail): DetailsChange | null {
  const status = formText(form, "activationStatus");
  const next = {
    name: formText(form, "name"),
    position: formText(form, "position"),
    mobile: formText(form, "mobile").trim() || null,
    language: formText(form, "language") === "FR" ? ("FR" as const) : ("EN" as const),
    activationStatus:
      (Object.keys(activationStatusWords) as Detail["activationStatus"][]).find((k) => k === status) ??
      c.activationStatus,
  };
  return changedFields(c, next);
}

function DetailsForm({ c }: { c: Detail }) {
  const update = useUpdateCaregiver(c.id);
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const formRef = useFocusRefused(errors);
  const [confirming, setConfirming] = useState<DetailsChange | null>(null);
  async function send(changes: DetailsChange) {
    try {
      await update.mutateAsync(changes);
      toast.success("Changes saved.");
    } catch (err) {
      if (err instanceof ApiError) setErrors(fieldMessages(err.errors));
    }
  }
  function onSubmit(ev: SubmitEvent<HTMLFormElement>) {
    ev.preventDefault();
    setErrors(new Map());
    const changes = changesOf(new FormData(ev.currentTarget), c);
    if (!changes) {
      toast.info(NOTHING_TO_SAVE);
      return;
    }
    const next = changes.activationStatus;
    const signsOut = next !== undefined && MAY_SIGN_IN.includes(c.activationStatus) && !MAY_SIGN_IN.includes(next);
    if (signsOut && c.hasSignIn) setConfirming(changes);
    else void send(changes);
  }
  return (
    <form ref={formRef} method="post" onSubmit={onSubmit} noValidate aria-labelledby="details-heading">
      <Card>
        <CardHeader>
          <CardTitle id="details-heading">Details and status</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {update.isError && !errors.size && <ErrorState error={update.error} className="my-0" />}
          <FieldSet className="grid sm:grid-cols-2">
            <FieldLegend className="sr-only">Details</FieldLegend>
            <FormField id="cd-name" label="Full name" required error={errors.get("name")}>
              <Input name="name" defaultValue={c.name} autoComplete="off" />
            </FormField>
            <FormField id="cd-position" label="Position" required error={errors.get("position")}>
              <Input name="position" defaultValue={c.position} autoComplete="off" />
            </FormField>
            <FormField id="cd-mobile" label="Mobile" error={errors.get("mobile")}>
              <Input name="mobile" type="tel" defaultValue={c.mobile ?? ""} />
            </FormField>
            <FormField id="cd-language" label="Language" plain>
              <NativeSelect name="language" defaultValue={c.language}>
                <WordOptions words={languageWords} />
              </NativeSelect>
            </FormField>
            <FormField
              id="cd-status"
              label="Status"
              plain
              hint="Active and verified people may sign in; any other status signs them out at once and keeps them out."
            >
              <NativeSelect name="activationStatus" defaultValue={c.activationStatus}>
                <WordOptions words={activationStatusWords} />
              </NativeSelect>
            </FormField>
          </FieldSet>
          <SubmitButton className="w-fit" pending={update.isPending}>
            {update.isPending ? "Saving…" : "Save changes"}
          </SubmitButton>
        </CardContent>
      </Card>
      <AlertDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
      >
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Sign {c.name} out?</AlertDialogTitle>
            <AlertDialogDescription>
              As {activationStatusWords[confirming?.activationStatus ?? c.activationStatus]}, {c.name} is signed out
              everywhere at once and cannot sign in until made active or verified again. Nothing is deleted.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              onClick={() => {
                const changes = confirming;
                setConfirming(null);
                if (changes) void send(changes);
              }}
            >
              Save and sign out
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </form>
  );
}

function Clinics({ c, clinicId }: { c: Detail; clinicId: number }) {
  const router = useRouter();
  const update = useUpdateCaregiver(c.id);
  const here = c.clinics.find((k) => k.id === clinicId);
  return (
    <Card role="region" aria-labelledby="clinics-heading">
      <CardHeader>
        <CardTitle id="clinics-heading">Clinics</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <ul className="list-disc pl-6 text-sm">
          {c.clinics.map((k) => (
            <li key={k.id}>{k.name}</li>
          ))}
        </ul>
        {update.isError && <ErrorState error={update.error} className="my-0" />}
        {here && c.clinics.length === 1 ? (
          // A care provider works in at least one clinic (the API refuses the last removal).
          <p className="text-sm text-muted-foreground">
            This is their only clinic. To end their access, set their status to Inactive under “Details and status”.
          </p>
        ) : here ? (
          <ConfirmButton
            label={`Remove from ${here.name}`}
            variant="outline"
            pending={update.isPending}
            title={`Remove ${c.name} from ${here.name}?`}
            description="They leave the care teams of this clinic's clients and no longer see them. Sessions they ran stay with the clinic. Not possible while they have an open session here."
            confirm="Remove"
            onConfirm={() => {
              mutateThen(update, { removeClinicIds: [here.id] }, () => {
                toast.success(`${c.name} removed from ${here.name}.`);
                router.push(pages.careProviders);
              });
            }}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
