"use client";

import { useQueries, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { z } from "zod";
import { AssignmentPanel, assignmentToggleId } from "@/components/caregiver/assignment-panel";
import { CloseSession } from "@/components/caregiver/close-session";
import { SessionFeedback } from "@/components/caregiver/session-feedback";
import { useKeptReview } from "@/components/caregiver/use-kept-review";
import { SessionDocuments } from "@/components/documents/session-documents";
import { LocalDate } from "@/components/local-date";
import { CARE_TEAM_WORDS, ConversationPanel } from "@/components/messages/conversation-panel";
import { AlertBadge, ScoreWithBand } from "@/components/results/score-with-band";
import { DueDate, SessionHomework, useDueDates } from "@/components/sessions/session-homework";
import { StatusBadge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardTitle } from "@/components/ui/card";
import { ErrorState, Loading } from "@/components/ui/states";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { pages } from "@/lib/api-client/paths";
import { queries } from "@/lib/api-client/queries";
import type { AssignmentResultBody } from "@/lib/schemas/results";
import type { Assignment } from "@/lib/schemas/session";
import { TextLink } from "@/components/ui/text-link";
import { PageTitle, SectionTitle } from "@/components/ui/heading";

type AssignmentT = z.infer<typeof Assignment>;

export function SessionDashboard({
  id,
  openAssignment,
  readOnly = false,
}: {
  id: number;
  openAssignment?: number;
  /** The clinic's staff read the session; feedback and closing are the care team's. */
  readOnly?: boolean;
}) {
  const q = useQuery(queries.session(id));
  const review = useKeptReview(id, openAssignment);
  const { open, drafts, setOpen } = review;
  // The assignment the page was opened at (an alert's link), or opened by its row's button, is
  // brought into view and focused once: its panel comes after the whole table, on a phone a screen
  // or more below the button, where opening it seemed to do nothing (found by a review as a
  // caregiver), unless the person is already elsewhere (AssignmentPanel). Its Cancel, and the
  // row's Close, give the focus back to the row's button.
  const [landing, setLanding] = useState<number | undefined>(openAssignment);
  // After a reload, the panel open when the page was left is where the caregiver goes on.
  const [landedRestored, setLandedRestored] = useState(false);
  if (review.restored && !landedRestored) {
    setLandedRestored(true);
    setLanding(open);
  }
  const due = useDueDates(id);
  const results = useTestResults(q.data?.assignments ?? []);

  if (q.isPending) return <Loading what="the session" lines={6} />;
  if (q.isError) return <ErrorState error={q.error} />;
  const s = q.data;
  const total = s.assignmentCount;
  const done = s.completedAssignmentCount;
  const scored = s.assignments
    .flatMap((a) => (a.isTest && a.status === "COMPLETE" && a.submitDate ? [{ a, at: a.submitDate }] : []))
    .sort((x, y) => (x.at < y.at ? -1 : 1));
  const current = s.assignments.find((a) => a.id === open);

  return (
    <article aria-labelledby="session-title" className="flex flex-col gap-6">
      {/* The way back to the client's other sessions and details, which Back alone gave. */}
      <TextLink href={pages.client(s.clientId)}>← {s.clientName}&apos;s page</TextLink>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex flex-col gap-1">
          <PageTitle id="session-title">
            {s.clientName}: {s.title}
          </PageTitle>
          <p className="text-muted-foreground">
            With {s.caregiverName} ({s.caregiverPosition}) · created <LocalDate value={s.createDate} /> · starts{" "}
            <LocalDate value={s.startDate} />
          </p>
          {s.description && <p>{s.description}</p>}
        </div>
        <StatusBadge value={s.runningStatus} />
      </header>

      <Card role="region" aria-labelledby="progress-heading">
        <CardContent className="grid gap-6 md:grid-cols-2">
          <div className="flex flex-col gap-2">
            <CardTitle id="progress-heading">Progress</CardTitle>
            <p data-testid="progress-text">
              {done} of {total} assignments completed · {s.pendingAssignmentCount} pending
            </p>
            <div
              role="progressbar"
              aria-label="Assignments completed"
              aria-valuemin={0}
              aria-valuemax={total}
              aria-valuenow={done}
              className="h-3 w-full overflow-hidden rounded-full bg-secondary"
            >
              <div className="h-full bg-success" style={{ width: `${String(total ? (100 * done) / total : 0)}%` }} />
            </div>
          </div>
          <div className="flex flex-col gap-2">
            <CardTitle>Scores</CardTitle>
            {/* Each score by its questionnaire's name: a bare "last score" mixed scales that run apart
                (the clinical review of 2026-11-29: a PCL-5's 30 above a WHO-5's, where higher is better). */}
            {scored.length === 0 ? (
              <p className="text-muted-foreground">No scored assignment yet.</p>
            ) : (
              <ul className="flex flex-col gap-1" aria-label="Scores of the session">
                {/* With the time each was submitted: the same questionnaire twice in a session is
                    two lines, and a score is read against when it was taken. */}
                {scored.map(({ a, at }) => (
                  <li key={a.id}>
                    {a.name}: <TestScore a={a} result={results.get(a.id)} />
                    <span className="text-muted-foreground">
                      {" "}
                      · submitted <LocalDate value={at} />
                    </span>
                  </li>
                ))}
              </ul>
            )}
            <TextLink href={pages.clientMeasures(s.clientId)}>Scores over time on {s.clientName}&apos;s page</TextLink>
          </div>
        </CardContent>
      </Card>

      <section aria-labelledby="assignments-heading" className="flex flex-col gap-3">
        <SectionTitle id="assignments-heading">Assignments</SectionTitle>
        {s.assignments.length === 0 ? (
          <p className="text-muted-foreground">This session has no homework.</p>
        ) : (
          <Table>
            <TableCaption>Assignments of the session</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead>Assignment</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Feedback</TableHead>
                <TableHead>Assigned</TableHead>
                <TableHead>Submitted</TableHead>
                <TableHead>Score</TableHead>
                <TableHead>
                  <span className="sr-only">Open</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {s.assignments.map((a) => (
                <TableRow key={a.id} data-state={a.id === open ? "selected" : undefined}>
                  <TableCell className="font-medium">
                    {a.name}
                    <DueDate due={due.get(a.id)} />
                  </TableCell>
                  <TableCell label="Status">
                    <StatusBadge value={a.status} />
                  </TableCell>
                  <TableCell label="Feedback">
                    <StatusBadge value={a.feedbackStatus} />
                  </TableCell>
                  <TableCell label="Assigned">
                    <LocalDate value={a.assignDate} style="date" />
                  </TableCell>
                  <TableCell label="Submitted">{a.submitDate ? <LocalDate value={a.submitDate} /> : "—"}</TableCell>
                  <TableCell label="Score">
                    {a.isTest && a.status === "COMPLETE" ? (
                      <TestScore a={a} result={results.get(a.id)} />
                    ) : (results.get(a.id)?.alerts.length ?? 0) > 0 ? (
                      // Answers saved and not submitted that the care team was told of.
                      <span className="inline-flex items-center gap-1">
                        <AlertBadge /> saved, not submitted
                      </span>
                    ) : (
                      "—"
                    )}
                  </TableCell>
                  <TableCell>
                    <Button
                      id={assignmentToggleId(a.id)}
                      variant="outline"
                      size="sm"
                      aria-expanded={a.id === open}
                      onClick={() => {
                        setOpen(a.id === open ? undefined : a.id);
                        setLanding(a.id === open ? undefined : a.id);
                      }}
                    >
                      {a.id === open ? "Hide" : "Open"}
                      <span className="sr-only"> {a.name}</span>
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {current && (
          <AssignmentPanel
            key={current.id}
            sessionId={id}
            a={current}
            closed={s.isClosed || readOnly}
            canReview={!readOnly}
            draft={drafts.get(current.id)}
            onDraft={(d, now) => {
              review.keepDraft(current.id, d, now);
            }}
            entryRead={review.entryRead}
            landing={current.id === landing}
            onLanded={() => {
              setLanding(undefined);
            }}
            onLeave={() => {
              // The panel's Cancel goes away with it: focus goes back to the row's button.
              document.getElementById(assignmentToggleId(current.id))?.focus();
              setOpen(undefined);
            }}
          />
        )}
      </section>

      <ConversationPanel sessionId={id} closed={s.isClosed} words={CARE_TEAM_WORDS} />

      <SessionFeedback
        sessionId={id}
        feedbacks={s.feedbacks}
        closed={s.isClosed || readOnly}
        draft={review.sessionText}
        onDraft={review.keepSessionText}
        entryRead={review.entryRead}
      />

      <SessionHomework session={s} />

      <SessionDocuments sessionId={id} audience="care-team" closed={s.isClosed} />

      {!s.isClosed && !readOnly && <CloseSession session={s} />}
    </article>
  );
}

/**
 * The results of the session's tests with answers, by assignment id: the bands and alerts of the
 * submitted ones, and the alerts of answers saved and not submitted.
 */
function useTestResults(assignments: AssignmentT[]) {
  const tests = assignments.filter((a) => a.isTest && a.status !== "PENDING");
  const found = useQueries({ queries: tests.map((a) => queries.assignmentResult(a.id)) });
  const byId = new Map<number, AssignmentResultBody>();
  for (const r of found) if (r.data) byId.set(r.data.assignmentId, r.data);
  return byId;
}

/** A submitted test's score, with its band and alert once its result is read. */
function TestScore({ a, result }: { a: AssignmentT; result: AssignmentResultBody | undefined }) {
  return (
    <ScoreWithBand
      score={result?.score ?? a.score}
      band={result?.band?.label.en ?? null}
      alert={(result?.alerts.length ?? 0) > 0}
    />
  );
}
