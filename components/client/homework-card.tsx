"use client";

import { useLocale, useTranslations } from "next-intl";
import type { Ref } from "react";
import { AssignmentStatusBadge } from "@/components/client/assignment-status-badge";
import { useDateFormat } from "@/components/local-date";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { TextLink } from "@/components/ui/text-link";
import { pages } from "@/lib/api-client/paths";
import type { AssignmentBody } from "@/lib/schemas/session";

/** One assignment: its name (a link to do it or read it), state, session, when it is due, and feedback once finished. */
export function HomeworkCard({
  assignment: a,
  due,
  linkRef,
}: {
  assignment: AssignmentBody;
  due?: string;
  /** The link to the assignment, for a list that moves focus to it. */
  linkRef?: Ref<HTMLAnchorElement>;
}) {
  const t = useTranslations("home");
  const date = useDateFormat(useLocale());
  const done = a.status === "COMPLETE";
  return (
    <Card className="gap-3 py-4" data-testid="homework-item">
      <CardHeader>
        <CardTitle as="h3" className="min-w-0 text-base">
          <TextLink ref={linkRef} href={pages.homeworkItem(a.id)}>
            {a.moduleName}
          </TextLink>
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
