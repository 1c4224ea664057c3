import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { SessionDashboard } from "@/components/caregiver/session-dashboard";
import { PageData } from "@/components/page-data";
import { PageFrame } from "@/components/page-frame";
import { pages } from "@/lib/api-client/paths";
import { requireWebSession } from "@/lib/auth/page-session";
import { prefetch } from "@/lib/pages/prefetch";
import { pageReads } from "@/lib/pages/reads";
import { IdParam, IdQuery } from "@/lib/schemas/common";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Session" };

export default async function SessionPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ assignment?: string }>;
}) {
  const { id } = await params;
  const { assignment } = await searchParams;
  const sessionId = IdParam.safeParse(id).data;
  if (sessionId === undefined) notFound();
  // The clinic's staff open the same dashboard from a client's page, to read: the session read
  // serves CLINIC, feedback and closing are the care team's.
  const session = await requireWebSession(["CAREGIVER", "CLINIC"], pages.session(sessionId));
  const state = await prefetch([
    pageReads.session(sessionId),
    pageReads.homeworkTiming(sessionId),
    pageReads.conversation(sessionId),
    pageReads.documents(sessionId),
  ]);
  return (
    <PageFrame session={session}>
      <PageData state={state}>
        <SessionDashboard
          id={sessionId}
          // An assignment id that is not one (or out of bounds) opens nothing, as an absent one.
          openAssignment={IdQuery.safeParse(assignment).data}
          readOnly={session.user.role !== "CAREGIVER"}
        />
      </PageData>
    </PageFrame>
  );
}
