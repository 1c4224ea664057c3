"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState, type SubmitEvent } from "react";
import { ClientPicker } from "@/components/clinic/client-picker";
import { useFocusRefused } from "@/components/use-focus-refused";
import { isPageNumber, useHistoryState } from "@/components/use-history-state";
import { useOpenInPlace } from "@/components/use-open-in-place";
import { useRowFocus } from "@/components/use-row-focus";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { FormError } from "@/components/ui/form-error";
import { Pager } from "@/components/ui/pager";
import { toast } from "@/components/ui/sonner";
import { ErrorState, Loading } from "@/components/ui/states";
import { TextLink } from "@/components/ui/text-link";
import { ApiError } from "@/lib/api-client/api-fetch";
import { useChangeCareTeams } from "@/lib/api-client/mutations";
import { pages } from "@/lib/api-client/paths";
import { plainWords } from "@/lib/api-client/plain-words";
import { queries } from "@/lib/api-client/queries";
import { counted } from "@/lib/api-client/words";

type Person = { id: number; name: string };

/**
 * The clients whose care team a care provider is on, a page at a time, each a link to the client's
 * page; a way to take them off one (asked first), and a form that puts them on more (found by a
 * review as a clinic's staff member, 2026-12-06: after the new care provider's form, that was each
 * client's edit page, one at a time).
 */
export function CareTeams({ c }: { c: Person }) {
  const [page, setPage] = useHistoryState(`careTeams-${String(c.id)}`, 0, isPageNumber);
  const q = useQuery({ ...queries.careProviderClients(c.id, page), placeholderData: keepPreviousData });
  const change = useChangeCareTeams(c.id);
  const { open: adding, opener, panel, show, close } = useOpenInPlace();
  const [problem, setProblem] = useState("");
  const shown = q.data?.content ?? [];
  const rows = useRowFocus(shown.map((k) => k.id));
  const totalPages = q.data?.totalPages ?? 0;
  // Taking them off the last client of the last page leaves that page empty: the one before shows.
  useEffect(() => {
    if (page > 0 && page >= totalPages && !q.isPlaceholderData) setPage(Math.max(0, totalPages - 1));
  }, [page, totalPages, q.isPlaceholderData, setPage]);

  async function takeOff(k: Person, index: number) {
    setProblem("");
    rows.removing(index);
    try {
      await change.mutateAsync({ removeClientIds: [k.id] });
      toast.success(`${c.name} is no longer on ${k.name}'s care team.`);
    } catch (err) {
      rows.refused(k.id);
      setProblem(refusalOf(err, c.name, k.name));
    }
  }

  return (
    <Card role="region" aria-labelledby="care-teams-heading">
      <CardHeader>
        <CardTitle id="care-teams-heading">Care teams</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <p className="text-sm text-muted-foreground">
          The clients whose care team {c.name} is on: they see these clients&apos; sessions and homework.
        </p>
        <FormError message={problem || undefined} />
        {q.isPending ? (
          <Loading what="the clients of their care teams" lines={2} />
        ) : q.isError ? (
          <ErrorState error={q.error} className="my-0" />
        ) : q.data.totalElements === 0 ? (
          <p className="text-sm text-muted-foreground">{c.name} is on no client&apos;s care team yet.</p>
        ) : (
          <>
            <ul aria-label={`Clients of ${c.name}'s care teams`} className="flex flex-col divide-y">
              {shown.map((k, i) => (
                <li key={k.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className="min-w-0 break-words">
                    <TextLink href={pages.client(k.id)}>{k.name}</TextLink>
                    {k.status === "INACTIVE" && <span className="text-sm text-muted-foreground"> · inactive</span>}
                  </span>
                  <ConfirmButton
                    label="Remove"
                    size="sm"
                    variant="outline"
                    id={rows.idOf(k.id, "remove")}
                    aria-label={`Remove from ${k.name}'s care team`}
                    pending={change.isPending}
                    title={`Take ${c.name} off ${k.name}'s care team?`}
                    description={`${c.name} no longer sees ${k.name}'s sessions and homework; the sessions they ran stay with the client. Not possible while they run an open session of ${k.name}.`}
                    confirm="Remove"
                    onConfirm={() => void takeOff(k, i)}
                  />
                </li>
              ))}
            </ul>
            {q.data.totalPages > 1 && (
              <Pager
                label="Pages of care teams"
                page={q.data.page}
                totalPages={q.data.totalPages}
                totalText={counted(q.data.totalElements, "client", "clients")}
                onPage={setPage}
              />
            )}
          </>
        )}
        {adding ? (
          <div ref={panel}>
            <AddToCareTeams c={c} onDone={close} />
          </div>
        ) : (
          <Button
            ref={opener}
            id={rows.fallbackId}
            variant="outline"
            className="w-fit"
            onClick={() => {
              setProblem("");
              show();
            }}
          >
            Add to care teams
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

/** A refused removal in words: an open session is the one staff can meet, and only its owner closes it. */
function refusalOf(err: unknown, who: string, client: string): string {
  if (!(err instanceof ApiError)) return "The change could not be saved. Please try again.";
  if (err.status === 409)
    return `${who} runs open sessions of ${client}. Only the care provider can close them, on each session's page; until then they stay on the care team, and nothing was changed.`;
  return plainWords(err.detail);
}

/**
 * The clinic's clients (the newest hundred, and any other found by "Find a client") that the care
 * provider is not on the care team of yet. Reads every client of their teams to leave those out: on
 * asking only, each client listed being an audited read.
 */
function AddToCareTeams({ c, onDone }: { c: Person; onDone: () => void }) {
  const pickable = useQuery(queries.pickableClients());
  const team = useQuery(queries.careProviderAllClients(c.id));
  const change = useChangeCareTeams(c.id);
  const [chosen, setChosen] = useState<number[]>([]);
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const [problem, setProblem] = useState("");
  const formRef = useFocusRefused(errors);

  async function onSubmit(ev: SubmitEvent<HTMLFormElement>) {
    ev.preventDefault();
    setProblem("");
    if (chosen.length === 0) {
      setErrors(new Map([["addClientIds", "Choose at least one client."]]));
      return;
    }
    setErrors(new Map());
    try {
      await change.mutateAsync({ addClientIds: chosen });
      toast.success(`${c.name} added to ${counted(chosen.length, "care team", "care teams")}.`);
      onDone();
    } catch (err) {
      if (!(err instanceof ApiError)) setProblem("The clients could not be added. Please try again.");
      else if (err.errors.some((e) => e.path.startsWith("addClientIds")))
        // A client erased, or the care provider gone from the clinic, since the list was read.
        setErrors(new Map([["addClientIds", "Some of these clients can no longer be chosen. Cancel and try again."]]));
      else setProblem(plainWords(err.detail));
    }
  }

  const failed = pickable.error ?? team.error;
  const onTeam = team.data && new Set(team.data.map((k) => k.id));
  // Nothing left to offer when they are on every client's team (past the newest hundred listed, a
  // search finds the others).
  const offering = !failed && !!pickable.data && !!onTeam && pickable.data.total > onTeam.size;
  return (
    <form
      ref={formRef}
      method="post"
      onSubmit={(ev) => void onSubmit(ev)}
      noValidate
      aria-labelledby="add-care-teams-heading"
      className="flex flex-col gap-4 rounded-xl border p-4"
    >
      <h3 id="add-care-teams-heading" className="font-medium">
        Add {c.name} to care teams
      </h3>
      <FormError message={problem || undefined} />
      {failed ? (
        <ErrorState error={failed} className="my-0" />
      ) : !pickable.data || !onTeam ? (
        <Loading what="clients" lines={2} />
      ) : !offering ? (
        <p className="text-sm text-muted-foreground">
          {pickable.data.total
            ? `${c.name} is on the care team of every client of the clinic.`
            : "The clinic has no clients yet."}
        </p>
      ) : (
        <ClientPicker
          first={pickable.data}
          exclude={onTeam}
          hint={offerHint(c.name, pickable.data.clients.length, pickable.data.total)}
          value={chosen}
          onChange={setChosen}
          error={errors.get("addClientIds")}
          required
        />
      )}
      <div className="flex flex-wrap gap-3">
        {offering && (
          <SubmitButton pending={change.isPending}>{change.isPending ? "Adding…" : "Add to care teams"}</SubmitButton>
        )}
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The list holds the newest hundred clients: beyond that it says so, and how the others are found. */
function offerHint(who: string, listed: number, total: number) {
  const those = `Clients whose care team ${who} is not on yet.`;
  if (listed >= total) return those;
  return `${those} Of the newest ${String(listed)} of ${String(total)} clients: find any other below.`;
}
