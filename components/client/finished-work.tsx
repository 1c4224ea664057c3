"use client";

import { useTranslations } from "next-intl";
import { HomeworkCard } from "@/components/client/homework-card";
import { Callout } from "@/components/ui/callout";
import { useShowAll } from "@/components/use-show-all";
import { FirstItems } from "@/components/ui/first-items";
import { SectionTitle } from "@/components/ui/heading";
import { Empty, Loading } from "@/components/ui/states";
import { FINISHED_FIRST, queries } from "@/lib/api-client/queries";
import type { Page } from "@/lib/paging";
import type { AssignmentBody } from "@/lib/schemas/session";

/**
 * The client's finished work, newest first: the first page the server gives, then the rest when
 * the client asks. The newest carry the feedback a client comes for, and the page never downloads
 * years of work to show five (docs/client-pages.md, "Pages").
 */
export function FinishedWork({ newest, pending }: { newest: Page<AssignmentBody> | undefined; pending: boolean }) {
  const t = useTranslations("home");
  const { items, total, busy, error, showAll } = useShowAll(newest, queries.ownFinished());
  return (
    <section aria-labelledby="finished" className="flex flex-col gap-3">
      <SectionTitle id="finished">{t("finished")}</SectionTitle>
      {pending ? (
        <Loading label={t("loading")} />
      ) : total === 0 ? (
        newest && <Empty>{t("noFinished")}</Empty>
      ) : (
        <FirstItems
          items={items}
          first={FINISHED_FIRST}
          total={total}
          busy={busy}
          onShowAll={showAll}
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
      {error && <Callout role="alert">{t("failed")}</Callout>}
    </section>
  );
}
