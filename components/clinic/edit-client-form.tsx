"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm, useWatch, type FieldPath } from "react-hook-form";
import type { z } from "zod";
import { ClientFields } from "@/components/clinic/client-fields";
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
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { CheckboxGroup } from "@/components/ui/checkbox-group";
import { FieldLegend, FieldSet, RequiredMark } from "@/components/ui/field";
import { PageTitle } from "@/components/ui/heading";
import { toast } from "@/components/ui/sonner";
import { ErrorState, Loading } from "@/components/ui/states";
import { FormError, placeServerErrors } from "@/components/ui/form-error";
import { ApiError } from "@/lib/api-client/api-fetch";
import { useUpdateClient } from "@/lib/api-client/mutations";
import { pages } from "@/lib/api-client/paths";
import { fieldOfPath, plainWords, type Names } from "@/lib/api-client/plain-words";
import { queries } from "@/lib/api-client/queries";
import { NOTHING_TO_SAVE, fieldLabels } from "@/lib/api-client/words";
import { ClientUpdateRequest, type ClientDetail } from "@/lib/schemas/client";
import { blankToNull, changedFields } from "@/lib/utils";

type FormInput = z.input<typeof ClientUpdateRequest>;
type Output = z.output<typeof ClientUpdateRequest>;
type Client = z.infer<typeof ClientDetail>;

const schemaResolver = zodResolver(ClientUpdateRequest);
const resolver: typeof schemaResolver = (values, context, options) =>
  schemaResolver(
    { ...values, mobile: blankToNull(values.mobile), externalClientId: blankToNull(values.externalClientId) },
    context,
    options,
  );

const FIELDS: FieldPath<FormInput>[] = ["name", "email", "mobile", "externalClientId", "language", "status"];

/**
 * Only the fields the person changed against the client as the page loaded it: saving a mobile on a
 * page opened before a colleague deactivated the client must not make the client active again.
 * Null when nothing changed.
 */
function changesOf(values: Output, client: Client): Output | null {
  const { careTeam, ...fields } = values;
  const changes = changedFields(client, fields);
  return careTeam ? { ...changes, careTeam } : changes;
}

/**
 * The toast of a save says what a change of status did, which "saved" alone left to the badge of
 * the page it opens (found by a review as a clinic's staff member).
 */
function savedWords(name: string, status: Output["status"], hasSignIn: boolean) {
  if (status === "INACTIVE")
    return `${name} is now inactive: signed out everywhere, cannot sign in and gets no reminders.`;
  if (status === "ACTIVE") return `${name} is active again${hasSignIn ? ": can sign in and gets reminders" : ""}.`;
  return `${name} saved.`;
}

/** The edit page: loads the client and the clinic's care providers, then the form. */
export function EditClient({ id }: { id: number }) {
  const client = useQuery(queries.client(id));
  const caregivers = useQuery(queries.caregivers());
  if (client.isPending || caregivers.isPending) return <Loading what="the client" lines={6} />;
  if (client.isError) return <ErrorState error={client.error} />;
  if (caregivers.isError) return <ErrorState error={caregivers.error} />;
  return <EditClientForm client={client.data} caregivers={caregivers.data} />;
}

/**
 * Every field of a client, its status and its care team, sent as one change. The care team is
 * sent as who is added and who is removed; deactivating asks first, as it signs the client out.
 */
function EditClientForm({
  client,
  caregivers,
}: {
  client: Client;
  caregivers: { id: number; name: string; position: string }[];
}) {
  const router = useRouter();
  const update = useUpdateClient(client.id);
  const [confirming, setConfirming] = useState<Output | null>(null);
  const initialTeam = client.careTeam.map((m) => m.id);
  const [team, setTeam] = useState<number[]>(initialTeam);
  const form = useForm<FormInput, unknown, Output>({
    resolver,
    defaultValues: {
      name: client.name,
      email: client.email,
      mobile: client.mobile ?? "",
      externalClientId: client.externalClientId ?? "",
      language: client.language,
      status: client.status,
    },
  });
  const { register, handleSubmit, setValue, setError, clearErrors, control, formState } = form;
  const e = formState.errors;
  const status = useWatch({ control, name: "status" });

  // Members of the team who are not care providers of the clinic any more still show, to be removed.
  const options = [
    ...caregivers.map((c) => ({ id: c.id, label: c.name, detail: c.position })),
    ...client.careTeam
      .filter((m) => !caregivers.some((c) => c.id === m.id))
      .map((m) => ({ id: m.id, label: m.name, detail: m.position })),
  ];
  const names: Names = { caregivers: new Map(options.map((o) => [o.id, o.label])) };
  const sessionTitles = new Map(client.sessions.map((s) => [String(s.id), s.title]));

  /**
   * "Casey owns open sessions of this client: 31, 32" → with the sessions' titles, and what staff can
   * do: a session is closed by its care provider, not by the clinic's staff.
   */
  const inWords = (message: string) =>
    plainWords(
      message.replace(
        /: ([\d, ]+)$/,
        (_, ids: string) =>
          `: ${ids
            .split(", ")
            .map((i) => sessionTitles.get(i) ?? `session ${i}`)
            .join(
              ", ",
            )}. Only the care provider can close them, on each session's page; until then they stay on the care team, and nothing was saved`,
      ),
      names,
    );

  const send = async (values: Output) => {
    const changes = changesOf(values, client);
    if (!changes) {
      toast.info(NOTHING_TO_SAVE);
      router.push(pages.client(client.id));
      return;
    }
    try {
      await update.mutateAsync(changes);
      toast.success(savedWords(values.name ?? client.name, changes.status, client.hasSignIn));
      router.push(pages.client(client.id));
    } catch (err) {
      if (!(err instanceof ApiError)) {
        setError("root", { type: "server", message: "The changes could not be saved. Please try again." });
        return;
      }
      const unplaced = placeServerErrors(
        err.errors.map((fe): [string, string] => [fieldOfPath(fe.path), inWords(fe.message)]),
        (field) => FIELDS.find((f) => f === field),
        setError,
      );
      if (unplaced.length || !err.errors.length)
        setError("root", { type: "server", message: unplaced.join(" ") || inWords(err.detail) });
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    if (values.status === "INACTIVE" && client.status !== "INACTIVE") {
      setConfirming(values);
      return;
    }
    await send(values);
  });

  const changeTeam = (next: number[]) => {
    clearErrors("root");
    setTeam(next);
    const add = next.filter((x) => !initialTeam.includes(x));
    const remove = initialTeam.filter((x) => !next.includes(x));
    setValue(
      "careTeam",
      add.length || remove.length
        ? { ...(add.length ? { add } : {}), ...(remove.length ? { remove } : {}) }
        : undefined,
    );
  };

  // A deactivation is sent after its dialog, outside the form's own submitting; saved, the client's page opens.
  const busy = formState.isSubmitting || update.isPending || update.isSuccess;
  return (
    <form
      method="post"
      onSubmit={(ev) => void onSubmit(ev)}
      noValidate
      className="flex flex-col gap-8"
      aria-labelledby="edit-client-heading"
    >
      <div className="flex flex-col gap-2">
        <PageTitle id="edit-client-heading">Edit {client.name}</PageTitle>
        <p className="text-sm text-muted-foreground">
          Fields marked <RequiredMark spoken="with an asterisk" /> are required.
        </p>
      </div>
      <FormError message={e.root?.message} />
      <FieldSet className="grid sm:grid-cols-2">
        <FieldLegend>The client</FieldLegend>
        <ClientFields
          register={(field) => register(field)}
          errors={e}
          statusHint={
            status === "INACTIVE"
              ? "An inactive client cannot sign in and gets no reminders."
              : "An active client can sign in."
          }
        />
      </FieldSet>

      <div className="rounded-xl border bg-card p-4 sm:p-5">
        <CheckboxGroup
          id="careTeam"
          legend={fieldLabels.caregiverList}
          hint={
            options.length === 0
              ? "The clinic has no care providers yet."
              : "Who follows the client. The owner of an open session stays until the session is closed."
          }
          options={options}
          value={team}
          onChange={changeTeam}
          error={e.careTeam?.message ?? e.careTeam?.root?.message}
        />
      </div>

      <div className="flex flex-wrap gap-3">
        <SubmitButton size="lg" pending={busy}>
          {busy ? "Saving…" : "Save changes"}
        </SubmitButton>
        <Button variant="outline" size="lg" asChild>
          <Link href={pages.client(client.id)}>Cancel</Link>
        </Button>
      </div>

      <AlertDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
      >
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Deactivate {client.name}?</AlertDialogTitle>
            <AlertDialogDescription>
              {client.name} is signed out everywhere at once, cannot sign in and gets no reminders until the client is
              made active again. Nothing of the client is deleted.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Keep active</AlertDialogCancel>
            <AlertDialogAction
              onClick={() => {
                const values = confirming;
                setConfirming(null);
                if (values) void send(values);
              }}
            >
              Deactivate
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </form>
  );
}
