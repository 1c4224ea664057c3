"use client";

import { useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useDateFormat } from "@/components/local-date";
import { FinishedWork } from "@/components/client/finished-work";
import { HomeworkCard } from "@/components/client/homework-card";
import { SessionConversations } from "@/components/client/session-conversations";
import { Callout } from "@/components/ui/callout";
import { PageTitle, SectionTitle } from "@/components/ui/heading";
import { Empty, Loading } from "@/components/ui/states";
import { queries } from "@/lib/api-client/queries";
import type { AssignmentBody } from "@/lib/schemas/session";

/** The due moments, which sit beside the contract's assignment object, by assignment id. */
const dueMoments = (timing: { assignmentId: number; dueDate: string | null }[]) =>
  new Map(timing.flatMap((x) => (x.dueDate ? [[x.assignmentId, x.dueDate] as const] : [])));

/**
 * The client's home: this week's homework (the open assignments of running sessions), when the
 * next session starts, the conversations, and finished work with the care team's feedback.
 */
export function HomeworkOverview() {
  const t = useTranslations("home");
  const open = useQuery(queries.ownOpenWork());
  const finished = useQuery(queries.ownFinishedFirst());
  const next = useQuery(queries.nextSessionHomework());
  const dueOf = useQuery({ ...queries.ownOpenWorkTiming(), select: dueMoments }).data;
  const failed = open.isError || finished.isError || next.isError;
  const todo = open.data ?? [];
  return (
    <div className="flex flex-col gap-8">
      <PageTitle>{t("title")}</PageTitle>
      {failed && <Callout role="alert">{t("failed")}</Callout>}
      <section aria-labelledby="this-week" className="flex flex-col gap-3">
        <SectionTitle id="this-week">{t("thisWeek")}</SectionTitle>
        {open.isPending ? (
          <Loading label={t("loading")} />
        ) : todo.length === 0 ? (
          open.isSuccess && <Empty>{t("nothingToDo")}</Empty>
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
          <Loading label={t("loading")} lines={1} />
        ) : (
          next.isSuccess && <NextSession next={next.data} />
        )}
      </section>
      <SessionConversations />
      <FinishedWork newest={finished.data} pending={finished.isPending} />
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
