"use client";

import type { z } from "zod";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { toast } from "@/components/ui/sonner";
import { ErrorState } from "@/components/ui/states";
import { mutateThen, useCloseSession } from "@/lib/api-client/mutations";
import { assignmentStatusWords, counted } from "@/lib/api-client/words";
import type { SessionDetail } from "@/lib/schemas/session";

/** Closing a session, after a confirmation that says what is still open in it. */
export function CloseSession({ session }: { session: z.infer<typeof SessionDetail> }) {
  const close = useCloseSession(session.id);
  const waiting = session.assignments.filter((a) => a.feedbackStatus === "WAITING");
  const notDone = session.assignments.filter((a) => a.status !== "COMPLETE");
  const submitted = session.assignments.length - notDone.length;
  return (
    <Card role="region" aria-labelledby="close-heading">
      <CardHeader>
        <CardTitle id="close-heading">Close the session</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <p id="close-state" className="text-muted-foreground">
          {waiting.length > 0
            ? `${counted(waiting.length, "assignment waits", "assignments wait")} for your feedback; the session can be closed once none does.`
            : submitted > 0
              ? "All submitted homework has feedback."
              : "Nothing was submitted yet, so nothing waits for your feedback."}
        </p>
        {close.isError && <ErrorState error={close.error} className="my-0" />}
        <ConfirmButton
          label={close.isPending ? "Closing…" : "Close session"}
          // Unavailable rather than disabled: reached by Tab, it says why (the sentence above).
          unavailable={waiting.length > 0}
          aria-describedby="close-state"
          pending={close.isPending}
          title="Close this session?"
          description={
            notDone.length === 0
              ? "All homework of the session is done and has feedback."
              : `${counted(notDone.length, "assignment is", "assignments are")} not done yet:`
          }
          cancel="Keep it open"
          confirm="Close session"
          onConfirm={() => {
            mutateThen(close, undefined, () => toast.success("Session closed."));
          }}
        >
          {notDone.length > 0 && (
            <ul className="list-disc pl-6 text-sm">
              {notDone.map((a) => (
                <li key={a.id}>
                  {a.name} ({assignmentStatusWords[a.status]})
                </li>
              ))}
            </ul>
          )}
          <p className="text-sm">
            {session.clientName} can no longer work on a closed session, and it cannot be opened again.
          </p>
        </ConfirmButton>
      </CardContent>
    </Card>
  );
}
