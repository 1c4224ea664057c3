"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState, type SubmitEvent } from "react";
import type { z } from "zod";
import { FeedbackList } from "@/components/caregiver/feedback-list";
import { feedbackMisfits, formErrors, heldBack, writtenIn } from "@/components/caregiver/feedback-checks";
import type { Draft } from "@/components/caregiver/kept-review";
import { useDraftRestoredInPlace } from "@/components/caregiver/use-kept-review";
import { focusIsLost } from "@/components/focus";
import { AssignmentResultView } from "@/components/results/assignment-result";
import { AlertBadge } from "@/components/results/score-with-band";
import { SubmitButton } from "@/components/ui/submit-button";
import { CancelButton } from "@/components/ui/cancel-button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/field";
import { FOCUS_TARGET } from "@/components/ui/focus-target";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/sonner";
import { ErrorState, Loading } from "@/components/ui/states";
import { TextLink } from "@/components/ui/text-link";
import { Textarea } from "@/components/ui/textarea";
import { mutateThen, useGiveAssignmentFeedback } from "@/lib/api-client/mutations";
import { pages } from "@/lib/api-client/paths";
import { queries } from "@/lib/api-client/queries";
import type { Assignment } from "@/lib/schemas/session";
import { cn, formText } from "@/lib/utils";

type AssignmentT = z.infer<typeof Assignment>;

/** The id of the button of an assignment's row that opens and hides its panel. */
export const assignmentToggleId = (assignmentId: number) => `open-assignment-${String(assignmentId)}`;

/** An assignment opened on the session's page: its result, its feedback, and the form to give one. */
export function AssignmentPanel({
  sessionId,
  a,
  closed,
  canReview,
  draft,
  onDraft,
  entryRead,
  landing,
  onLanded,
  onLeave,
}: {
  sessionId: number;
  a: AssignmentT;
  draft: Draft | undefined;
  /** The tab's history entry has been read: `draft` is the one it kept, if any (useKeptReview). */
  entryRead: boolean;
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
  const form = useDraftRestoredInPlace(entryRead, draft, (f) => {
    onDraft(writtenIn(f), true);
  });
  const errors = formErrors(give.error, ["text", "score"]);
  const [misfits, setMisfits] = useState(new Map<string, string>());
  const [sent, setSent] = useState(false);
  const feedbackHeading = useRef<HTMLHeadingElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!landing) return;
    // Not from where the person already is: on a slow phone they can be in the feedback box, or
    // anywhere, before the page's scripts run, and what they typed next went into the title.
    if (focusIsLost() || document.activeElement?.id === assignmentToggleId(a.id)) {
      title.current?.scrollIntoView({ block: "start" });
      title.current?.focus({ preventScroll: true });
    }
    onLanded();
  }, [landing, onLanded, a.id]);
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
            ref={form}
            method="post"
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
              <SubmitButton pending={give.isPending}>{give.isPending ? "Sending…" : "Give feedback"}</SubmitButton>
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
