import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { OwnClientFrame } from "@/components/client/own-client-frame";
import { ClientSession } from "@/components/client/client-session";
import { PageData } from "@/components/page-data";
import { pages } from "@/lib/api-client/paths";
import { requireWebSession } from "@/lib/auth/page-session";
import { pageTitleOf } from "@/lib/clients/client-page-title";
import { ownFrame } from "@/lib/clients/own-frame";
import { prefetch } from "@/lib/pages/prefetch";
import { pageReads } from "@/lib/pages/reads";
import { IdParam } from "@/lib/schemas/common";

// Per request: the session decides what the page shows.
export const dynamic = "force-dynamic";

export const generateMetadata = (): Promise<Metadata> => pageTitleOf("session");

export default async function ClientSessionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const sessionId = IdParam.safeParse(id);
  const session = await requireWebSession(
    "CLIENT",
    sessionId.success ? pages.clientSession(sessionId.data) : pages.homework,
  );
  if (!sessionId.success) notFound();
  // The page comes with its conversation and documents: before, it showed "Loading" above a message
  // box already there, which moved up under the pointer once the messages came (found by a review
  // of what moves on the pages, 2026-12-07). Reading the messages marks them read, so the session's
  // unread count and the badge's are read after them, as the browser would see them next.
  const [, state] = await Promise.all([
    ownFrame(session.user.accountId),
    prefetch([
      {
        ...pageReads.conversation(sessionId.data),
        then: () => [pageReads.conversationOf(sessionId.data), pageReads.unreadCount()],
      },
      pageReads.documents(sessionId.data),
    ]),
  ]);
  return (
    <PageData state={state}>
      <OwnClientFrame session={session}>
        <ClientSession id={sessionId.data} />
      </OwnClientFrame>
    </PageData>
  );
}
