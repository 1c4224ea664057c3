import type { Metadata } from "next";
import { OwnClientFrame } from "@/components/client/own-client-frame";
import { HomeworkOverview } from "@/components/client/homework-overview";
import { PageData } from "@/components/page-data";
import { pages } from "@/lib/api-client/paths";
import { requireWebSession } from "@/lib/auth/page-session";
import { prefetch } from "@/lib/pages/prefetch";
import { pageReads } from "@/lib/pages/reads";
import { pageTitleOf } from "@/lib/clients/client-page-title";
import { ownFrame } from "@/lib/clients/own-frame";

// Per request: the session decides what the page shows.
export const dynamic = "force-dynamic";

export const generateMetadata = (): Promise<Metadata> => pageTitleOf("home");

export default async function HomeworkPage() {
  const session = await requireWebSession("CLIENT", pages.homework);
  // The boundary holds the frame too (its unread badge's count); the frame's own read (language and
  // crisis contact) starts beside the page's and is cached for the frame within the request.
  const [, state] = await Promise.all([
    ownFrame(session.user.accountId),
    prefetch([
      pageReads.ownOpenWork(),
      pageReads.ownOpenWorkTiming(),
      pageReads.ownFinishedFirst(),
      pageReads.nextSessionHomework(),
      pageReads.conversations(),
      pageReads.unreadCount(),
    ]),
  ]);
  return (
    <PageData state={state}>
      <OwnClientFrame session={session}>
        <HomeworkOverview />
      </OwnClientFrame>
    </PageData>
  );
}
