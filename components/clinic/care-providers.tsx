"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type SubmitEvent } from "react";
import { ActivationBadge } from "@/components/clinic/activation-badge";
import { ClientPicker } from "@/components/clinic/client-picker";
import { useFocusRefused } from "@/components/use-focus-refused";
import { useOpenInPlace } from "@/components/use-open-in-place";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { FieldLegend, FieldSet, FormField, RequiredMark } from "@/components/ui/field";
import { PageTitle, SectionTitle } from "@/components/ui/heading";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { WordOptions } from "@/components/word-options";
import { Pager } from "@/components/ui/pager";
import { toast } from "@/components/ui/sonner";
import { FormError } from "@/components/ui/form-error";
import { Empty, ErrorState, Loading } from "@/components/ui/states";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { TextLink } from "@/components/ui/text-link";
import { ApiError } from "@/lib/api-client/api-fetch";
import { fieldMessages } from "@/lib/api-client/plain-words";
import { activationStatusWords, counted, languageWords } from "@/lib/api-client/words";
import { formText } from "@/lib/utils";
import { pages } from "@/lib/api-client/paths";
import { queries } from "@/lib/api-client/queries";
import { useCreateCaregiver } from "@/lib/api-client/mutations";
import { isPageNumber, useHistoryState } from "@/components/use-history-state";

/** The clinic's care providers with their status, and the form that adds one. */
export function CareProviders() {
  const [page, setPage] = useHistoryState("careProviders", 0, isPageNumber);
  const { open: adding, opener, panel, show, close } = useOpenInPlace();
  const q = useQuery({ ...queries.careProviders(page), placeholderData: keepPreviousData });
  return (
    <section aria-labelledby="care-providers-heading" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <PageTitle id="care-providers-heading">Care providers</PageTitle>
        {!adding && (
          <Button ref={opener} onClick={show}>
            Add care provider
          </Button>
        )}
      </div>
      {adding && (
        <div ref={panel}>
          <NewCareProviderForm onCancel={close} />
        </div>
      )}
      <div>
        {q.isPending ? (
          <Loading what="care providers" />
        ) : q.isError ? (
          <ErrorState error={q.error} />
        ) : q.data.content.length === 0 ? (
          <Empty>No care providers yet. Add the first one with “Add care provider”.</Empty>
        ) : (
          <>
            <Table>
              <TableCaption>Care providers of the clinic</TableCaption>
              <TableHeader>
                <TableRow>
                  <TableHead>Name</TableHead>
                  <TableHead>Email</TableHead>
                  <TableHead>Position</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead>Sign-in</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {q.data.content.map((c) => (
                  <TableRow key={c.id}>
                    <TableCell>
                      <TextLink href={pages.careProvider(c.id)}>{c.name}</TextLink>
                    </TableCell>
                    <TableCell label="Email" className="break-all">
                      {c.email}
                    </TableCell>
                    <TableCell label="Position">{c.position}</TableCell>
                    <TableCell label="Status">
                      <ActivationBadge value={c.activationStatus} />
                    </TableCell>
                    <TableCell label="Sign-in">{c.hasSignIn ? "Yes" : "Not yet"}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Pager
              label="Pages of care providers"
              page={q.data.page}
              totalPages={q.data.totalPages}
              totalText={counted(q.data.totalElements, "care provider", "care providers")}
              onPage={setPage}
            />
          </>
        )}
      </div>
    </section>
  );
}

const LABELS: Record<string, string> = {
  name: "Full name",
  email: "Email",
  mobile: "Mobile",
  position: "Position",
  language: "Language",
  activationStatus: "Status",
  clientIds: "Clients",
};

function NewCareProviderForm({ onCancel }: { onCancel: () => void }) {
  const router = useRouter();
  const create = useCreateCaregiver();
  const clients = useQuery(queries.pickableClients());
  const [chosen, setChosen] = useState<number[]>([]);
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const [problem, setProblem] = useState("");
  const formRef = useFocusRefused(errors);

  async function onSubmit(ev: SubmitEvent<HTMLFormElement>) {
    ev.preventDefault();
    const form = new FormData(ev.currentTarget);
    const optional = (k: string) => formText(form, k).trim() || undefined;
    const name = formText(form, "name");
    setErrors(new Map());
    setProblem("");
    try {
      const id = await create.mutateAsync({
        name,
        email: formText(form, "email"),
        mobile: optional("mobile"),
        position: formText(form, "position"),
        language: formText(form, "language") === "FR" ? "FR" : "EN",
        activationStatus: activationOf(formText(form, "activationStatus")),
        clientIds: chosen,
      });
      toast.success(`${name} added.`);
      router.push(pages.careProvider(id));
    } catch (err) {
      if (!(err instanceof ApiError)) {
        setProblem("The care provider could not be added. Please try again.");
        return;
      }
      const messages = fieldMessages(err.errors);
      setErrors(messages);
      const placed = [...messages.keys()].every((k) => k in LABELS);
      if (!placed || messages.size === 0) setProblem(err.detail);
    }
  }

  return (
    <form
      ref={formRef}
      method="post"
      onSubmit={(ev) => void onSubmit(ev)}
      noValidate
      aria-labelledby="new-care-provider-heading"
      className="flex flex-col gap-6 rounded-xl border bg-card p-4 sm:p-5"
    >
      <div className="flex flex-col gap-2">
        <SectionTitle id="new-care-provider-heading">Add a care provider</SectionTitle>
        <p className="text-sm text-muted-foreground">
          Fields marked <RequiredMark spoken="with an asterisk" /> are required. Someone who already works in another
          clinic of the institute is added with their existing details.
        </p>
      </div>
      <FormError message={problem || undefined} />
      <FieldSet className="grid sm:grid-cols-2">
        <FieldLegend>The care provider</FieldLegend>
        <FormField id="cp-name" label={LABELS.name} required error={errors.get("name")}>
          <Input name="name" autoComplete="off" />
        </FormField>
        <FormField id="cp-email" label={LABELS.email} required error={errors.get("email")}>
          <Input name="email" type="email" autoComplete="off" />
        </FormField>
        <FormField
          id="cp-position"
          label={LABELS.position}
          required
          hint="For example Psychologist."
          error={errors.get("position")}
        >
          <Input name="position" autoComplete="off" />
        </FormField>
        <FormField
          id="cp-mobile"
          label={LABELS.mobile}
          hint="For example +31 6 1234 5678."
          error={errors.get("mobile")}
        >
          <Input name="mobile" type="tel" />
        </FormField>
        <FormField id="cp-language" label={LABELS.language} plain error={errors.get("language")}>
          <NativeSelect name="language" defaultValue="EN">
            <WordOptions words={languageWords} />
          </NativeSelect>
        </FormField>
        <FormField
          id="cp-status"
          label={LABELS.activationStatus}
          plain
          hint="Invited people get a link to choose their password."
          error={errors.get("activationStatus")}
        >
          <NativeSelect name="activationStatus" defaultValue="INVITED">
            <WordOptions words={activationStatusWords} />
          </NativeSelect>
        </FormField>
      </FieldSet>
      {clients.isPending ? (
        <Loading what="clients" lines={2} />
      ) : clients.isError ? (
        <ErrorState error={clients.error} />
      ) : (
        <ClientPicker
          first={clients.data}
          hint={pickerHint(clients.data.clients.length, clients.data.total)}
          value={chosen}
          onChange={setChosen}
          error={errors.get("clientIds")}
        />
      )}
      <div className="flex flex-wrap gap-3">
        <SubmitButton pending={create.isPending}>{create.isPending ? "Adding…" : "Add care provider"}</SubmitButton>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The list holds at most a hundred clients: beyond that it says so, and how the others are found. */
function pickerHint(shown: number, total: number) {
  if (total === 0) return "The clinic has no clients yet.";
  if (shown >= total) return "Clients this care provider follows.";
  return `Clients this care provider follows. The newest ${String(shown)} of ${String(total)} are listed: find any other below.`;
}

const activationOf = (v: string) =>
  (Object.keys(activationStatusWords) as (keyof typeof activationStatusWords)[]).find((k) => k === v) ?? "INVITED";
