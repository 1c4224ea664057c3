"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { LocalDate } from "@/components/local-date";
import { useChosenBeforeScripts } from "@/components/use-chosen-before-scripts";
import { isPageNumber, useHistoryState } from "@/components/use-history-state";
import { AlertBadge } from "@/components/results/score-with-band";
import { StatusBadge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/field";
import { Label } from "@/components/ui/label";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { WordOptions } from "@/components/word-options";
import { Pager } from "@/components/ui/pager";
import { Empty, ErrorState, Loading } from "@/components/ui/states";
import { useShowAll } from "@/components/use-show-all";
import { FirstItems } from "@/components/ui/first-items";
import { TextLink } from "@/components/ui/text-link";
import { pages } from "@/lib/api-client/paths";
import { WORKLIST_FIRST, queries } from "@/lib/api-client/queries";
import { counted, runningStatusWords } from "@/lib/api-client/words";
import { PageTitle } from "@/components/ui/heading";

type Place = { runningStatus: string; clientId: string; page: number };

const isPlace = (v: unknown): v is Place =>
  typeof v === "object" &&
  v !== null &&
  "runningStatus" in v &&
  typeof v.runningStatus === "string" &&
  "clientId" in v &&
  typeof v.clientId === "string" &&
  "page" in v &&
  isPageNumber(v.page);

export function SessionList() {
  // Running sessions first shown: the list is the latest start first, so with each client's next
  // session planned ahead, a caseload's first pages were sessions with nothing to do yet, and the
  // week's work (homework submitted, feedback due) pages behind (found by a review as a caregiver
  // with a caseload). Every session is one choice away ("All").
  const [place, setPlace] = useHistoryState<Place>(
    "sessions",
    { runningStatus: "RUNNING", clientId: "", page: 0 },
    isPlace,
  );
  const { runningStatus, clientId, page } = place;
  const chooseStatus = (next: string) => {
    setPlace({ ...place, runningStatus: next, page: 0 });
  };
  const statusField = useChosenBeforeScripts<HTMLSelectElement>(runningStatus, chooseStatus);
  const q = useQuery({
    ...queries.sessions({
      runningStatus: runningStatus || undefined,
      clientId: clientId ? Number(clientId) : undefined,
      page,
    }),
    placeholderData: keepPreviousData,
  });
  // Every client of the caregiver, whichever page their sessions are on, once the caregiver asks for
  // the filter: each client listed is an audited read, so a home page that listed them all would
  // write a row per client of the caregiver on every visit.
  // A client chosen before Back keeps its filter shown, without taking the focus again.
  const [pressed, setPressed] = useState(false);
  const choosing = pressed || clientId !== "";
  const clients = useQuery({ ...queries.myClients(), enabled: choosing });

  return (
    <section aria-labelledby="sessions-heading" className="flex flex-col gap-6">
      <PageTitle id="sessions-heading">My sessions</PageTitle>
      <div className="grid gap-4 sm:grid-cols-2 lg:max-w-xl">
        <FormField id="status-filter" label="Status" plain>
          <NativeSelect
            ref={statusField}
            value={runningStatus}
            onChange={(e) => {
              chooseStatus(e.target.value);
            }}
          >
            <NativeSelectOption value="">All</NativeSelectOption>
            <WordOptions words={runningStatusWords} />
          </NativeSelect>
        </FormField>
        {choosing ? (
          <FormField
            id="client-filter"
            label="Client"
            plain
            error={clients.isError ? "The list of clients could not be loaded." : undefined}
          >
            <NativeSelect
              autoFocus={pressed}
              value={clientId}
              aria-busy={clients.isPending}
              onChange={(e) => {
                setPlace({ ...place, clientId: e.target.value, page: 0 });
              }}
            >
              <NativeSelectOption value="">{clients.isPending ? "Loading clients…" : "All"}</NativeSelectOption>
              {clients.data?.map((c) => (
                <NativeSelectOption key={c.id} value={c.id}>
                  {c.name}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          </FormField>
        ) : (
          <div className="flex min-w-0 flex-col gap-1.5">
            {/* Styled as the field's label, but not one: the button's own words name it. */}
            <Label asChild aria-hidden="true">
              <span>Client</span>
            </Label>
            <Button
              type="button"
              variant="outline"
              className="justify-start"
              onClick={() => {
                setPressed(true);
              }}
            >
              Choose a client
            </Button>
          </div>
        )}
      </div>
      {/* Kept on the page, so that each filter's new count is said: a native select filters at
          each arrow key, and the cards alone change without a word. */}
      <p role="status" className="sr-only">
        {q.data ? counted(q.data.totalElements, "session matches", "sessions match") : ""}
      </p>
      <div>
        {q.isPending ? (
          <Loading what="sessions" />
        ) : q.isError ? (
          <ErrorState error={q.error} />
        ) : q.data.content.length === 0 ? (
          <Empty>No sessions match.</Empty>
        ) : (
          <>
            <ul className="grid gap-3 md:grid-cols-2">
              {q.data.content.map((s) => (
                <li key={s.id}>
                  <Card className="h-full gap-2 py-4">
                    <CardHeader className="flex-nowrap px-4">
                      <TextLink href={pages.session(s.id)} className="font-semibold">
                        {s.clientName}: {s.title}
                      </TextLink>
                      <StatusBadge value={s.runningStatus} />
                    </CardHeader>
                    <CardContent className="flex flex-col gap-1 px-4 text-sm">
                      <p className="text-muted-foreground">
                        Starts <LocalDate value={s.startDate} />
                      </p>
                      <p>
                        {s.completedAssignmentCount} of {s.assignmentCount} assignments done
                        {s.waitingFeedbackCount > 0 && (
                          <strong className="text-warning-foreground">
                            {" "}
                            · {s.waitingFeedbackCount} waiting for feedback
                          </strong>
                        )}
                      </p>
                    </CardContent>
                  </Card>
                </li>
              ))}
            </ul>
            <Pager
              label="Pages of sessions"
              page={q.data.page}
              totalPages={q.data.totalPages}
              onPage={(p) => {
                setPlace({ ...place, page: p });
              }}
            />
          </>
        )}
      </div>
    </section>
  );
}

/**
 * The homework waiting for the caregiver's feedback, alerts first, then the oldest: the first
 * page, how many there are in all, and the rest on asking. With a caseload of thirty clients the
 * list stopped at its first twenty, and nothing said that more were waiting.
 */
export function FeedbackDue() {
  const q = useQuery(queries.feedbackDue());
  const { items, total, busy, error, showAll } = useShowAll(q.data, queries.feedbackDueAll());
  return (
    <Card role="region" aria-labelledby="due-heading">
      <CardHeader>
        <CardTitle id="due-heading">Feedback due{total > 0 && ` (${String(total)})`}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {q.isPending ? (
          <Loading what="feedback due" lines={2} />
        ) : q.isError ? (
          <ErrorState error={q.error} />
        ) : total === 0 ? (
          <p className="text-muted-foreground">Nothing is waiting for your feedback.</p>
        ) : (
          <>
            {/* The order is the list's meaning (which to open first); a list's order alone says nothing
                to a screen reader, nor to a caregiver new to the page. */}
            <p className="text-sm text-muted-foreground">Alerts first, then the longest waiting.</p>
            <FirstItems
              items={items}
              first={WORKLIST_FIRST}
              total={total}
              busy={busy}
              onShowAll={showAll}
              keyOf={(a) => a.id}
              item={(a, linkRef) => (
                <li data-alert={a.alert || undefined}>
                  <TextLink ref={linkRef} href={pages.session(a.sessionId, a.id)}>
                    {a.clientName}: {a.name}
                  </TextLink>
                  {(a.alert || a.score !== null) && (
                    <span className="flex flex-wrap items-center gap-1 text-sm">
                      {a.alert && <AlertBadge />}
                      {a.score !== null && (
                        <span>
                          Score {a.score}
                          {a.band && ` · ${a.band}`}
                        </span>
                      )}
                    </span>
                  )}
                  {a.submitDate && (
                    <span className="block text-sm text-muted-foreground">
                      submitted <LocalDate value={a.submitDate} />
                    </span>
                  )}
                </li>
              )}
              showAll={(count) => `Show all ${String(count)} waiting for feedback`}
              className="flex flex-col gap-2"
            />
          </>
        )}
        {error && <ErrorState error={error} className="my-0" />}
      </CardContent>
    </Card>
  );
}
