import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { SessionDashboard } from "@/components/caregiver/session-dashboard";
import { PageFrame } from "@/components/page-frame";
import { pages } from "@/lib/api-client/paths";
import { requireWebSession } from "@/lib/auth/page-session";
import { IdParam } from "@/lib/schemas/common";

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
  if (!IdParam.safeParse(id).success) notFound();
  const session = await requireWebSession("CAREGIVER", pages.session(Number(id)));
  return (
    <PageFrame session={session}>
      <SessionDashboard
        id={Number(id)}
        openAssignment={assignment && /^\d+$/.test(assignment) ? Number(assignment) : undefined}
      />
    </PageFrame>
  );
}
