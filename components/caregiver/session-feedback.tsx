"use client";

import { useState } from "react";
import type { z } from "zod";
import { FeedbackList } from "@/components/caregiver/feedback-list";
import { feedbackMisfits, formErrors, heldBack } from "@/components/caregiver/feedback-checks";
import { useDraftRestoredInPlace } from "@/components/caregiver/use-kept-review";
import { SubmitButton } from "@/components/ui/submit-button";
import { CancelButton } from "@/components/ui/cancel-button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/field";
import { toast } from "@/components/ui/sonner";
import { ErrorState } from "@/components/ui/states";
import { Textarea } from "@/components/ui/textarea";
import { useRetryKey } from "@/components/use-retry-key";
import { mutateThen, useGiveSessionFeedback } from "@/lib/api-client/mutations";
import type { Assignment } from "@/lib/schemas/session";
import { formText } from "@/lib/utils";

/** Feedback on the whole session: what was given, and the form to add one while it is open. */
export function SessionFeedback({
  sessionId,
  feedbacks,
  closed,
  draft,
  onDraft,
  entryRead,
}: {
  sessionId: number;
  feedbacks: z.infer<typeof Assignment>["feedbacks"];
  closed: boolean;
  /** What was written and not sent when the page was left (the tab's history entry). */
  draft: string;
  /** The feedback as written ("": none left, sent or discarded); `now` when it is to be kept at once. */
  onDraft: (text: string, now: boolean) => void;
  /** The tab's history entry has been read: `draft` is the one it kept, if any (useKeptReview). */
  entryRead: boolean;
}) {
  const add = useGiveSessionFeedback(sessionId);
  // The field starts from the draft and is the person's after (as an assignment's feedback is).
  const [kept] = useState(draft);
  const form = useDraftRestoredInPlace(entryRead, { text: draft }, (f) => {
    onDraft(writtenIn(f), true);
  });
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
            ref={form}
            method="post"
            className="flex flex-col gap-3"
            noValidate
            onChange={(e) => {
              onDraft(writtenIn(e.currentTarget), false);
            }}
            // Leaving the field (a link, another panel) keeps what is written at once: the pause
            // after typing may not come before the page changes.
            onBlur={(e) => {
              onDraft(writtenIn(e.currentTarget), true);
            }}
            onSubmit={(e) => {
              e.preventDefault();
              const form = e.currentTarget;
              const text = writtenIn(form);
              const found = feedbackMisfits(text);
              setMisfits(found);
              if (heldBack(form, found)) return;
              mutateThen(add, { text, idempotencyKey: retry.keyFor(text) }, () => {
                retry.sent();
                onDraft("", true);
                emptied(form);
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
              <Textarea name="text" required rows={2} defaultValue={kept} />
            </FormField>
            {errors.other !== null && <ErrorState error={errors.other} className="my-0" />}
            <div className="flex flex-wrap gap-3">
              <SubmitButton variant="outline" pending={add.isPending}>
                Add session feedback
              </SubmitButton>
              <CancelButton
                variant="ghost"
                title="Discard your feedback on the session?"
                onCancel={(form) => {
                  onDraft("", true);
                  if (form) emptied(form);
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

const writtenIn = (form: HTMLFormElement) => formText(new FormData(form), "text");

/** Empties the form for good: its field started from a draft, which a reset would bring back. */
function emptied(form: HTMLFormElement) {
  for (const field of form.elements) if (field instanceof HTMLTextAreaElement) field.defaultValue = "";
  form.reset();
}
