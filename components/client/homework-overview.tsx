"use client";

import { useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import type { z } from "zod";
import { useDateFormat } from "@/components/local-date";
import { AssignmentStatusBadge } from "@/components/client/assignment-status-badge";
import { SessionConversations } from "@/components/client/session-conversations";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PageTitle, SectionTitle } from "@/components/ui/heading";
import { Empty, Loading } from "@/components/ui/states";
import { TextLink } from "@/components/ui/text-link";
import { parseApiDate } from "@/lib/api-client/format-date";
import { pages } from "@/lib/api-client/paths";
import { queries } from "@/lib/api-client/queries";
import type { Assignment } from "@/lib/schemas/session";
import { Callout } from "@/components/ui/callout";

type AssignmentBody = z.infer<typeof Assignment>;

const newestSubmitFirst = (a: AssignmentBody, b: AssignmentBody) =>
  (parseApiDate(b.submitDate ?? "")?.getTime() ?? 0) - (parseApiDate(a.submitDate ?? "")?.getTime() ?? 0);

/** The due moments, which sit beside the contract's assignment object, by assignment id. */
const dueMoments = (timing: { assignmentId: number; dueDate: string | null }[]) =>
  new Map(timing.flatMap((x) => (x.dueDate ? [[x.assignmentId, x.dueDate] as const] : [])));

/**
 * The client's home: this week's homework (the open assignments of running sessions), when the
 * next session starts, and finished work with the care team's feedback.
 */
export function HomeworkOverview() {
  const t = useTranslations("home");
  const running = useQuery(queries.ownAssignments("RUNNING"));
  const closed = useQuery(queries.ownAssignments("COMPLETED"));
  const next = useQuery(queries.nextSessionHomework());
  const dueOf = useQuery({ ...queries.ownHomeworkTiming("RUNNING"), select: dueMoments }).data;
  const failed = running.isError || closed.isError || next.isError;
  const todo = running.data?.filter((a) => a.status !== "COMPLETE") ?? [];
  const finished = [...(running.data ?? []), ...(closed.data ?? [])]
    .filter((a) => a.status === "COMPLETE")
    .sort(newestSubmitFirst);
  return (
    <div className="flex flex-col gap-8">
      <PageTitle>{t("title")}</PageTitle>
      {failed && <Callout role="alert">{t("failed")}</Callout>}
      <section aria-labelledby="this-week" className="flex flex-col gap-3">
        <SectionTitle id="this-week">{t("thisWeek")}</SectionTitle>
        {running.isPending ? (
          <Loading what={t("loading")} />
        ) : todo.length === 0 ? (
          running.isSuccess && <Empty>{t("nothingToDo")}</Empty>
        ) : (
          <ul className="flex flex-col gap-3">
            {todo.map((a) => (
              <li key={a.id}>
                <HomeworkCard assignment={a} due={dueOf?.get(a.id)} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="next-session" className="flex flex-col gap-3">
        <SectionTitle id="next-session">{t("nextSession")}</SectionTitle>
        {next.isPending ? (
          <Loading what={t("loading")} lines={1} />
        ) : (
          next.isSuccess && <NextSession next={next.data} />
        )}
      </section>
      <SessionConversations />
      <section aria-labelledby="finished" className="flex flex-col gap-3">
        <SectionTitle id="finished">{t("finished")}</SectionTitle>
        {running.isPending || closed.isPending ? (
          <Loading what={t("loading")} />
        ) : finished.length === 0 ? (
          <Empty>{t("noFinished")}</Empty>
        ) : (
          <ul className="flex flex-col gap-3">
            {finished.map((a) => (
              <li key={a.id}>
                <HomeworkCard assignment={a} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function NextSession({ next }: { next: AssignmentBody | null }) {
  const t = useTranslations("home");
  const date = useDateFormat(useLocale());
  if (!next) return <p className="text-muted-foreground">{t("noNextSession")}</p>;
  return (
    <p>
      {t("nextSessionStarts", {
        title: next.sessionTitle,
        date: date(next.startDate),
      })}
    </p>
  );
}

/** One assignment: its name (a link to do it or read it), state, session, when it is due, and feedback once finished. */
function HomeworkCard({ assignment: a, due }: { assignment: AssignmentBody; due?: string }) {
  const t = useTranslations("home");
  const date = useDateFormat(useLocale());
  const done = a.status === "COMPLETE";
  return (
    <Card className="gap-3 py-4" data-testid="homework-item">
      <CardHeader>
        <CardTitle as="h3" className="min-w-0 text-base">
          <TextLink href={pages.homeworkItem(a.id)}>{a.moduleName}</TextLink>
        </CardTitle>
        <AssignmentStatusBadge status={a.status} />
      </CardHeader>
      <CardContent className="flex flex-col gap-2 text-sm">
        <CardDescription>{t("session", { title: a.sessionTitle })}</CardDescription>
        {!done && due && <p>{t("due", { date: date(due) })}</p>}
        {done && a.submitDate && <p>{t("submitted", { date: date(a.submitDate) })}</p>}
        {done &&
          (a.feedbacks.length === 0 ? (
            <p className="text-muted-foreground">{t("feedbackWaiting")}</p>
          ) : (
            a.feedbacks.map((f) => (
              <figure key={f.id} className="rounded-md bg-muted p-3">
                <blockquote className="whitespace-pre-wrap">{f.text}</blockquote>
                <figcaption className="mt-1 text-muted-foreground">
                  {t("feedbackFrom", {
                    name: f.caregiverName,
                    date: date(f.createDate, "date"),
                  })}
                </figcaption>
              </figure>
            ))
          ))}
      </CardContent>
    </Card>
  );
}
