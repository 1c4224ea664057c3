"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { HomeworkCard } from "@/components/client/homework-card";
import { Callout } from "@/components/ui/callout";
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
  const [wanted, setWanted] = useState(false);
  const all = useQuery({ ...queries.ownFinished(), enabled: wanted });
  // The whole list only once asked for on this visit: a copy kept from an earlier one can miss work
  // submitted since, which the first page the server just gave has.
  const rest = wanted ? all.data : undefined;
  const items = rest ?? newest?.content ?? [];
  const total = rest?.length ?? newest?.totalElements ?? 0;
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
          busy={all.isFetching}
          onShowAll={() => {
            // Asked again after a failed read: read again.
            if (!wanted) setWanted(true);
            else if (all.isError) void all.refetch();
          }}
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
      {all.isError && <Callout role="alert">{t("failed")}</Callout>}
    </section>
  );
}
