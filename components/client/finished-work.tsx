"use client";

import { useTranslations } from "next-intl";
import { HomeworkCard } from "@/components/client/homework-card";
import { FirstItems } from "@/components/ui/first-items";
import { SectionTitle } from "@/components/ui/heading";
import { Empty, Loading } from "@/components/ui/states";
import type { AssignmentBody } from "@/lib/schemas/session";

/**
 * The client's finished work, newest first: five, then the rest on asking. The newest carry the
 * feedback a client comes for (docs/client-pages.md, "Pages").
 */
export function FinishedWork({ finished, pending }: { finished: AssignmentBody[]; pending: boolean }) {
  const t = useTranslations("home");
  return (
    <section aria-labelledby="finished" className="flex flex-col gap-3">
      <SectionTitle id="finished">{t("finished")}</SectionTitle>
      {pending ? (
        <Loading what={t("loading")} />
      ) : finished.length === 0 ? (
        <Empty>{t("noFinished")}</Empty>
      ) : (
        <FirstItems
          items={finished}
          first={5}
          keyOf={(a) => a.id}
          item={(a, linkRef) => (
            <li>
              <HomeworkCard assignment={a} linkRef={linkRef} />
            </li>
          )}
          showAll={(count) => t("showAllFinished", { count })}
          className="flex flex-col gap-3"
        />
      )}
    </section>
  );
}
