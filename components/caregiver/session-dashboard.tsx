"use client";

import { FOCUS_TARGET } from "@/components/ui/focus-target";
import { cn } from "@/lib/utils";
import { useQueries, useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState, type SubmitEvent } from "react";
import type { z } from "zod";
import { CloseSession } from "@/components/caregiver/close-session";
import { focusIsLost } from "@/components/focus";
import { SessionDocuments } from "@/components/documents/session-documents";
import { LocalDate } from "@/components/local-date";
import { CARE_TEAM_WORDS, ConversationPanel } from "@/components/messages/conversation-panel";
import { AssignmentResultView } from "@/components/results/assignment-result";
import { AlertBadge, ScoreWithBand } from "@/components/results/score-with-band";
import { DueDate, SessionHomework, useDueDates } from "@/components/sessions/session-homework";
import { StatusBadge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/sonner";
import { ErrorState, Loading } from "@/components/ui/states";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { Textarea } from "@/components/ui/textarea";
import { ApiError } from "@/lib/api-client/api-fetch";
import { mutateThen, useGiveAssignmentFeedback, useGiveSessionFeedback } from "@/lib/api-client/mutations";
import { useRetryKey } from "@/components/use-retry-key";
import { useHistoryState } from "@/components/use-history-state";
import { pages } from "@/lib/api-client/paths";
import { fieldMessages } from "@/lib/api-client/plain-words";
import { queries } from "@/lib/api-client/queries";
import type { AssignmentResultBody } from "@/lib/schemas/results";
import type { Assignment } from "@/lib/schemas/session";
import { TextLink } from "@/components/ui/text-link";
import { CancelButton } from "@/components/ui/cancel-button";
import { formText } from "@/lib/utils";
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
  // The assignment open and the feedback being written are kept in the tab's history entry too, so
  // that the client's page (its measures' chart, which a review reads before writing) and Back find
  // them as they were: both were lost (found by a review as a caregiver with a caseload). Not in
  // the URL, as a list's place is not (docs/ui.md, "Long lists"): what is written is health data.
  const [entry, keepReview] = useHistoryState<Review | null>("review", null, isReviewOrNone);
  // The entry's, if it is this page's: Next.js adds a link's entry after the new page's first
  // render, which reads the entry of the page it came from (the next feedback due's dashboard is
  // reached from another's).
  const arrivedAt = openAssignment ?? null;
  const review = entry?.session === id && entry.at === arrivedAt ? entry : null;
  const [open, setOpenNow] = useState<number | undefined>(review ? (review.open ?? undefined) : openAssignment);
  // The assignment the page was opened at (an alert's link), or opened by its row's button, is
  // brought into view and focused once: its panel comes after the whole table, on a phone a screen
  // or more below the button, where opening it seemed to do nothing (found by a review as a
  // caregiver). Its Cancel, and the row's Close, give the focus back to the row's button.
  const [landing, setLanding] = useState<number | undefined>(openAssignment);
  // Feedback being written, by assignment: opening another assignment does not throw it away.
  const [drafts, setDrafts] = useState<ReadonlyMap<number, Draft>>(
    () => new Map(Object.entries(review?.drafts ?? {}).map(([k, d]) => [Number(k), d])),
  );
  const kept = useRef({ open, drafts });
  const writeTimer = useRef<number | undefined>(undefined);
  // A write still waiting when the page is left would land in the next page's entry.
  useEffect(
    () => () => {
      window.clearTimeout(writeTimer.current);
    },
    [],
  );
  // Into the entry at once, or after a pause in typing: browsers refuse a burst of history writes
  // (Safari, a hundred in thirty seconds), and a keystroke each would reach it.
  const keepInEntry = (now: boolean) => {
    window.clearTimeout(writeTimer.current);
    const write = () => {
      keepReview({
        session: id,
        at: arrivedAt,
        open: kept.current.open ?? null,
        drafts: Object.fromEntries(kept.current.drafts),
      });
    };
    if (now) write();
    else writeTimer.current = window.setTimeout(write, 300);
  };
  const setOpen = (next: number | undefined) => {
    kept.current = { ...kept.current, open: next };
    setOpenNow(next);
    keepInEntry(true);
  };
  const keepDraft = (assignmentId: number, draft: Draft | null, now: boolean) => {
    const next = new Map(kept.current.drafts);
    if (draft) next.set(assignmentId, draft);
    else next.delete(assignmentId);
    kept.current = { ...kept.current, drafts: next };
    setDrafts(next);
    keepInEntry(now);
  };
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
                      id={toggleId(a.id)}
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
              keepDraft(current.id, d, now);
            }}
            landing={current.id === landing}
            onLanded={() => {
              setLanding(undefined);
            }}
            onLeave={() => {
              // The panel's Cancel goes away with it: focus goes back to the row's button.
              document.getElementById(toggleId(current.id))?.focus();
              setOpen(undefined);
            }}
          />
        )}
      </section>

      <ConversationPanel sessionId={id} closed={s.isClosed} words={CARE_TEAM_WORDS} />

      <SessionFeedback sessionId={id} feedbacks={s.feedbacks} closed={s.isClosed || readOnly} />

      <SessionHomework session={s} />

      <SessionDocuments sessionId={id} audience="care-team" closed={s.isClosed} />

      {!s.isClosed && !readOnly && <CloseSession session={s} />}
    </article>
  );
}

/** Feedback on an assignment as written so far, not sent. */
type Draft = { text: string; score: string };

/**
 * What the session's history entry keeps of a review: the assignment open, and drafts by assignment
 * id; with the session and the assignment the page was opened at, which say whose entry it is.
 */
type Review = { session: number; at: number | null; open: number | null; drafts: Record<string, Draft> };

const isDraft = (v: unknown): v is Draft =>
  typeof v === "object" &&
  v !== null &&
  "text" in v &&
  typeof v.text === "string" &&
  "score" in v &&
  typeof v.score === "string";

const isReviewOrNone = (v: unknown): v is Review | null =>
  v === null ||
  (typeof v === "object" &&
    "session" in v &&
    Number.isSafeInteger(v.session) &&
    "at" in v &&
    (v.at === null || Number.isSafeInteger(v.at)) &&
    "open" in v &&
    (v.open === null || Number.isSafeInteger(v.open)) &&
    "drafts" in v &&
    typeof v.drafts === "object" &&
    v.drafts !== null &&
    Object.values(v.drafts).every(isDraft));

/** The id of an assignment row's Open button. */
const toggleId = (assignmentId: number) => `open-assignment-${String(assignmentId)}`;

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

/**
 * What the API would refuse in a feedback (AssignmentFeedbackRequest, SessionFeedbackRequest: a text
 * of 1 to 5,000 characters once trimmed, a score from 0 to 100,000), said at its field before
 * anything is sent, as the other forms do: the browser's own bubbles vanish, in its language.
 */
function feedbackMisfits(text: string, score = "", scoreUnreadable = false): Map<string, string> {
  const misfits = new Map<string, string>();
  const written = text.trim();
  if (written === "") misfits.set("text", "Write your feedback before you send it.");
  else if (written.length > 5000)
    misfits.set("text", `Your feedback is ${written.length.toLocaleString("en")} characters long; the most is 5,000.`);
  const n = Number(score);
  // A number field holds "" for text it cannot read as a number ("1e", "abc"): not a score left out.
  if (scoreUnreadable || (score !== "" && !(Number.isFinite(n) && n >= 0 && n <= 100_000)))
    misfits.set("score", "The score is a number from 0 to 100,000.");
  return misfits;
}

/** The feedback written in a feedback form, or null when nothing is. */
function writtenIn(form: HTMLFormElement): Draft | null {
  const f = new FormData(form);
  const written = { text: formText(f, "text"), score: formText(f, "score") };
  return written.text || written.score ? written : null;
}

/** Holds a feedback back when it misfits: says why at each field and moves the focus to the first. */
function heldBack(form: HTMLFormElement, misfits: Map<string, string>) {
  const [first] = misfits.keys();
  if (first === undefined) return false;
  form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  return true;
}

/** The API's field errors of a feedback form at their fields; anything else is shown above the buttons. */
function formErrors(error: unknown, fields: string[]) {
  const at = error instanceof ApiError ? fieldMessages(error.errors) : new Map<string, string>();
  const allAtFields = at.size > 0 && [...at.keys()].every((k) => fields.includes(k));
  return { at, other: allAtFields ? null : error };
}

function AssignmentPanel({
  sessionId,
  a,
  closed,
  canReview,
  draft,
  onDraft,
  landing,
  onLanded,
  onLeave,
}: {
  sessionId: number;
  a: AssignmentT;
  draft: Draft | undefined;
  /** The feedback as written (null: none left, sent or discarded); `now` when it is to be kept at once. */
  onDraft: (draft: Draft | null, now: boolean) => void;
  closed: boolean;
  /** A caregiver of the care team reads it (not the clinic's staff): alerts may be marked reviewed, closed or not. */
  canReview: boolean;
  /** The page was opened at this assignment: its panel, far down on a phone, is where the person starts. */
  landing: boolean;
  onLanded: () => void;
  onLeave: () => void;
}) {
  const give = useGiveAssignmentFeedback(sessionId, a.id);
  // The fields start from the draft kept when the panel last closed, and are the person's after:
  // a default that followed each keystroke would rewrite the textarea's text node every time.
  const [kept] = useState(draft);
  const errors = formErrors(give.error, ["text", "score"]);
  const [misfits, setMisfits] = useState(new Map<string, string>());
  const [sent, setSent] = useState(false);
  const feedbackHeading = useRef<HTMLHeadingElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!landing) return;
    title.current?.scrollIntoView({ block: "start" });
    title.current?.focus({ preventScroll: true });
    onLanded();
  }, [landing, onLanded]);
  function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    const [text, score] = [formText(f, "text"), formText(f, "score").trim()];
    const scoreField = form.elements.namedItem("score");
    const found = feedbackMisfits(text, score, scoreField instanceof HTMLInputElement && scoreField.validity.badInput);
    setMisfits(found);
    if (heldBack(form, found)) return;
    mutateThen(give, { text, ...(score ? { score: Number(score) } : {}) }, () => {
      onDraft(null, true);
      setSent(true);
      toast.success("Feedback sent.");
      // The form goes with the feedback given: the focus, if it was in the form (or went with it),
      // goes to the feedback, where the new one is. Someone writing elsewhere meanwhile stays there.
      if (focusIsLost() || form.contains(document.activeElement)) feedbackHeading.current?.focus();
    });
  }
  return (
    <Card role="region" aria-labelledby={`assignment-${String(a.id)}`} className="border-primary/40">
      <CardHeader>
        <CardTitle as="h3" id={`assignment-${String(a.id)}`} ref={title} tabIndex={-1} className={FOCUS_TARGET}>
          {a.name}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <AssignmentResultView assignmentId={a.id} canReview={canReview} />
        <h4 ref={feedbackHeading} tabIndex={-1} className={cn("font-semibold", FOCUS_TARGET)}>
          Feedback
        </h4>
        <FeedbackList feedbacks={a.feedbacks} empty="No feedback yet." withScore />
        {sent && <NextDue after={a.id} />}
        {a.feedbackStatus === "WAITING" && !closed && (
          <form
            onSubmit={submit}
            noValidate
            onChange={(e) => {
              onDraft(writtenIn(e.currentTarget), false);
            }}
            // Leaving the form (a link, another assignment) keeps what is written at once: the
            // pause after typing may not come before the page changes.
            onBlur={(e) => {
              onDraft(writtenIn(e.currentTarget), true);
            }}
            className="flex flex-col gap-3"
            aria-label={`Feedback on ${a.name}`}
          >
            <FormField
              id={`fb-${String(a.id)}`}
              label="Your feedback"
              required
              error={misfits.get("text") ?? errors.at.get("text")}
            >
              <Textarea name="text" required rows={3} defaultValue={kept?.text} />
            </FormField>
            <FormField
              id={`fb-score-${String(a.id)}`}
              label="Score"
              hint="Your own mark for this work, 0 or more, on the scale your care team uses. The client's pages do not show it."
              error={misfits.get("score") ?? errors.at.get("score")}
            >
              <Input name="score" type="number" min={0} step="any" className="max-w-40" defaultValue={kept?.score} />
            </FormField>
            {errors.other !== null && <ErrorState error={errors.other} className="my-0" />}
            <div className="flex flex-wrap gap-3">
              <Button type="submit" pending={give.isPending}>
                {give.isPending ? "Sending…" : "Give feedback"}
              </Button>
              <CancelButton
                title={`Discard your feedback on ${a.name}?`}
                onCancel={() => {
                  onDraft(null, true);
                  onLeave();
                }}
              />
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * Once a feedback is sent, the next homework waiting for one (the home's list, alerts first, then
 * the oldest: read again, since the feedback changed it), so that a caseload is worked through
 * from one dashboard to the next. It was My sessions, then the home's list (on a phone, scrolled
 * to), for each of them (found by a review as a caregiver with a caseload).
 */
function NextDue({ after }: { after: number }) {
  const q = useQuery(queries.feedbackDue());
  if (q.isPending) return <Loading what="the next homework waiting for your feedback" lines={1} />;
  if (q.isError) return <ErrorState error={q.error} className="my-0" />;
  const next = q.data.content.find((x) => x.id !== after);
  return (
    <p data-testid="next-due">
      {next ? (
        <>
          Next waiting for your feedback:{" "}
          <TextLink href={pages.session(next.sessionId, next.id)}>
            {next.clientName}: {next.name}
          </TextLink>
          {next.alert && (
            <>
              {" "}
              <AlertBadge />
            </>
          )}
        </>
      ) : (
        "Nothing else is waiting for your feedback."
      )}
    </p>
  );
}

function FeedbackList({
  feedbacks,
  empty,
  withScore = false,
}: {
  feedbacks: AssignmentT["feedbacks"];
  empty: string;
  withScore?: boolean;
}) {
  if (feedbacks.length === 0) return <p className="text-muted-foreground">{empty}</p>;
  return (
    <ul className="flex flex-col gap-2">
      {feedbacks.map((f) => (
        <li key={f.id} className="rounded-md bg-muted p-2">
          <p className="whitespace-pre-wrap">{f.text}</p>
          <p className="text-sm text-muted-foreground">
            {f.caregiverName}, <LocalDate value={f.createDate} />
            {withScore && f.score !== null && ` · score ${String(f.score)}`}
          </p>
        </li>
      ))}
    </ul>
  );
}

function SessionFeedback({
  sessionId,
  feedbacks,
  closed,
}: {
  sessionId: number;
  feedbacks: AssignmentT["feedbacks"];
  closed: boolean;
}) {
  const add = useGiveSessionFeedback(sessionId);
  const retry = useRetryKey();
  const errors = formErrors(add.error, ["text"]);
  const [misfits, setMisfits] = useState(new Map<string, string>());
  return (
    <Card role="region" aria-labelledby="session-feedback-heading">
      <CardHeader>
        <CardTitle id="session-feedback-heading">Session feedback</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <FeedbackList feedbacks={feedbacks} empty="No feedback on the session yet." />
        {!closed && (
          <form
            className="flex flex-col gap-3"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              const form = e.currentTarget;
              const text = formText(new FormData(form), "text");
              const found = feedbackMisfits(text);
              setMisfits(found);
              if (heldBack(form, found)) return;
              mutateThen(add, { text, idempotencyKey: retry.keyFor(text) }, () => {
                retry.sent();
                form.reset();
                toast.success("Session feedback added.");
              });
            }}
          >
            <FormField
              id="session-feedback"
              label="Feedback on the whole session"
              required
              error={misfits.get("text") ?? errors.at.get("text")}
            >
              <Textarea name="text" required rows={2} />
            </FormField>
            {errors.other !== null && <ErrorState error={errors.other} className="my-0" />}
            <div className="flex flex-wrap gap-3">
              <Button type="submit" variant="outline" pending={add.isPending}>
                Add session feedback
              </Button>
              <CancelButton
                variant="ghost"
                title="Discard your feedback on the session?"
                onCancel={(form) => {
                  form?.reset();
                  add.reset();
                  setMisfits(new Map());
                }}
              />
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
