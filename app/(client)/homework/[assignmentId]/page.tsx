import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AssignmentPage } from "@/components/client/assignment-work";
import { OwnClientFrame } from "@/components/client/own-client-frame";
import { pages } from "@/lib/api-client/paths";
import { requireWebSession } from "@/lib/auth/page-session";
import { pageTitleOf } from "@/lib/clients/client-page-title";
import { IdParam } from "@/lib/schemas/common";

// Per request: the session decides what the page shows.
export const dynamic = "force-dynamic";

export const generateMetadata = (): Promise<Metadata> => pageTitleOf("assignment");

export default async function HomeworkItemPage({ params }: { params: Promise<{ assignmentId: string }> }) {
  const { assignmentId } = await params;
  const id = IdParam.safeParse(assignmentId);
  const session = await requireWebSession("CLIENT", id.success ? pages.homeworkItem(id.data) : pages.homework);
  if (!id.success) notFound();
  return (
    <OwnClientFrame session={session}>
      <AssignmentPage id={id.data} />
    </OwnClientFrame>
  );
}
