"use client";

import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { flushSync } from "react-dom";
import { HomeworkCard, type AssignmentBody } from "@/components/client/homework-card";
import { Button } from "@/components/ui/button";
import { SectionTitle } from "@/components/ui/heading";
import { Empty, Loading } from "@/components/ui/states";

/**
 * How many finished assignments the home shows before the client asks for the rest: the newest
 * carry the feedback a client comes for, and a page that drew months of cards would load slowly on a
 * phone (docs/client-pages.md, "Finished work").
 */
const FIRST_FINISHED = 5;

/** The client's finished work, newest first: the first few, then the rest on asking. */
export function FinishedWork({ finished, pending }: { finished: AssignmentBody[]; pending: boolean }) {
  const t = useTranslations("home");
  const [all, setAll] = useState(false);
  const firstRevealed = useRef<HTMLAnchorElement>(null);
  const shown = all ? finished : finished.slice(0, FIRST_FINISHED);
  const showAll = () => {
    // Rendered at once so that the keyboard can go on where the new cards start.
    flushSync(() => {
      setAll(true);
    });
    firstRevealed.current?.focus();
  };
  return (
    <section aria-labelledby="finished" className="flex flex-col gap-3">
      <SectionTitle id="finished">{t("finished")}</SectionTitle>
      {pending ? (
        <Loading what={t("loading")} />
      ) : finished.length === 0 ? (
        <Empty>{t("noFinished")}</Empty>
      ) : (
        <>
          <ul className="flex flex-col gap-3">
            {shown.map((a, i) => (
              <li key={a.id}>
                <HomeworkCard assignment={a} linkRef={i === FIRST_FINISHED ? firstRevealed : undefined} />
              </li>
            ))}
          </ul>
          {shown.length < finished.length && (
            <Button variant="outline" className="self-start" onClick={showAll}>
              {t("showAllFinished", { count: finished.length })}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
