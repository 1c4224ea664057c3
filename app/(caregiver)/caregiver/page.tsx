import type { Metadata } from "next";
import { AlertsToReview, AlertsToReviewLink } from "@/components/caregiver/alerts-to-review";
import { FeedbackDue, SessionList } from "@/components/caregiver/session-list";
import { WorklistLinks } from "@/components/caregiver/worklist-links";
import { UnreadConversations } from "@/components/messages/unread-conversations";
import { PageData } from "@/components/page-data";
import { PageFrame } from "@/components/page-frame";
import { pages } from "@/lib/api-client/paths";
import { requireWebSession } from "@/lib/auth/page-session";
import { prefetch } from "@/lib/pages/prefetch";
import { pageReads } from "@/lib/pages/reads";

// Per request: the session decides what the page shows.
export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "My sessions" };

export default async function CaregiverHome() {
  const session = await requireWebSession("CAREGIVER", pages.caregiver);
  // The page comes with its lists: before, each card loaded on its own after the JavaScript, and a
  // card that answered late pushed the ones below it down under the pointer (found by a review of
  // what moves on the pages, 2026-12-07). With the unread count too: a count the browser had kept
  // from an earlier visit, read again, differed from it and had the unread list read again.
  const state = await prefetch([
    pageReads.runningSessions(),
    pageReads.alertsToReview(),
    pageReads.feedbackDue(),
    pageReads.unreadConversations(),
    pageReads.unreadCount(),
  ]);
  return (
    <PageFrame session={session}>
      <PageData state={state}>
        <AlertsToReviewLink />
        <WorklistLinks />
        <div className="grid gap-8 lg:grid-cols-[1fr_18rem]">
          <SessionList />
          <aside className="flex flex-col gap-6">
            <AlertsToReview />
            <FeedbackDue />
            <UnreadConversations />
          </aside>
        </div>
      </PageData>
    </PageFrame>
  );
}
