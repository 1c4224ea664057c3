import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { ClientFrame } from "@/components/client/client-frame";
import { HomeworkOverview } from "@/components/client/homework-overview";
import { pages } from "@/lib/api-client/paths";
import { requireWebSession } from "@/lib/auth/page-session";
import { prefetch } from "@/lib/pages/prefetch";
import { pageReads } from "@/lib/pages/reads";
import { pageTitleOf } from "@/lib/clients/client-page-title";
import { ownLanguage } from "@/lib/clients/own-language";

// Per request: the session decides what the page shows.
export const dynamic = "force-dynamic";

export const generateMetadata = (): Promise<Metadata> => pageTitleOf("home");

export default async function HomeworkPage() {
  const session = await requireWebSession("CLIENT", pages.homework);
  // The frame's unread badge reads the unread conversations: the boundary holds the frame too.
  const [lang, state] = await Promise.all([
    ownLanguage(session.user.accountId),
    prefetch([
      pageReads.ownAssignments("RUNNING"),
      pageReads.ownHomeworkTiming(),
      pageReads.ownAssignments("COMPLETED"),
      pageReads.nextSessionHomework(),
      pageReads.conversations(false),
      pageReads.conversations(true),
    ]),
  ]);
  return (
    <HydrationBoundary state={state}>
      <ClientFrame name={session.user.name ?? ""} lang={lang}>
        <HomeworkOverview />
      </ClientFrame>
    </HydrationBoundary>
  );
}
