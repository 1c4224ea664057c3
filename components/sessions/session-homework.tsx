"use client";

import { useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useState } from "react";
import type { z } from "zod";
import { LocalDate } from "@/components/local-date";
import { useOpenInPlace } from "@/components/use-open-in-place";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { parseApiDate } from "@/lib/api-client/format-date";
import { pages } from "@/lib/api-client/paths";
import { queries } from "@/lib/api-client/queries";
import type { SessionDetail } from "@/lib/schemas/session";

type Session = z.infer<typeof SessionDetail>;

// The form (and the schemas it checks with) is loaded once someone adds homework, not with the dashboard.
const AddHomeworkForm = dynamic(() => import("@/components/sessions/add-homework-form").then((m) => m.AddHomeworkForm));

const pad = (n: number) => String(n).padStart(2, "0");

/** The due moments of a session's assignments, by assignment id (read beside the fixed session detail). */
export function useDueDates(sessionId: number): Map<number, string> {
  const timing = useQuery(queries.homeworkTiming(sessionId));
  return new Map(timing.data?.assignments.flatMap((a) => (a.dueDate ? [[a.assignmentId, a.dueDate] as const] : [])));
}

/** "Due <local date>" when the assignment has a due moment. */
export function DueDate({ due }: { due: string | undefined }) {
  if (!due) return null;
  return (
    <span className="block text-sm font-normal text-muted-foreground">
      Due <LocalDate value={due} />
    </span>
  );
}

/**
 * While the session is open: "Add homework". Once closed: "Plan the next session", the client's
 * scheduling prefilled with the week after the last open session of the client with this
 * caregiver, or else after this one (same weekday and time, in the future), and its books.
 */
export function SessionHomework({ session }: { session: Session }) {
  const { open: adding, opener, panel, show, close } = useOpenInPlace();
  // The moment the page was shown: "the following week" is counted from it.
  const [now] = useState(() => Date.now());
  // A series scheduled at once has planned the next weeks already, and a week among them would
  // overlap one (409). The client's sessions come newest first.
  const later = useQuery({ ...queries.sessions({ clientId: session.clientId, page: 0 }), enabled: session.isClosed });
  if (session.isClosed) {
    if (later.isPending) return null;
    const own = parseApiDate(session.startDate) ?? new Date(now);
    const last = later.data?.content.find((s) => s.caregiverId === session.caregiverId && !s.isClosed);
    const lastStart = last && parseApiDate(last.startDate);
    // Weeks on the calendar, not of 168 hours: after a change of clock the time of day stays.
    const start = lastStart && lastStart > own ? lastStart : own;
    const weekAfter = (weeks: number) =>
      new Date(
        start.getFullYear(),
        start.getMonth(),
        start.getDate() + 7 * weeks,
        start.getHours(),
        start.getMinutes(),
      );
    let weeks = 1;
    while (weekAfter(weeks).getTime() <= now) weeks++;
    const at = weekAfter(weeks);
    const books = [...new Set(session.assignments.map((a) => a.bookId))];
    const href = pages.scheduleSessions(session.clientId, {
      date: `${String(at.getFullYear())}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
      time: `${pad(at.getHours())}:${pad(at.getMinutes())}`,
      books: books.join(","),
    });
    return (
      <div>
        <Button asChild>
          <Link href={href}>Plan the next session</Link>
        </Button>
      </div>
    );
  }
  return (
    <Card role="region" aria-labelledby="add-homework-heading">
      <CardHeader>
        <CardTitle id="add-homework-heading">More homework</CardTitle>
      </CardHeader>
      <CardContent>
        {adding ? (
          <div ref={panel}>
            <AddHomeworkForm sessionId={session.id} onDone={close} />
          </div>
        ) : (
          <Button ref={opener} variant="outline" onClick={show}>
            Add homework
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
