import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { EditDesignPlan } from "@/components/library/design-plan-editor";
import { PageFrame } from "@/components/page-frame";
import { requireWebSession } from "@/lib/auth/page-session";
import { pages } from "@/lib/api-client/paths";
import { IdParam } from "@/lib/schemas/common";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Design plan" };

export default async function DesignPlanPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!IdParam.safeParse(id).success) notFound();
  const session = await requireWebSession("CLINIC", pages.designPlan(Number(id)));
  return (
    <PageFrame session={session}>
      <EditDesignPlan id={Number(id)} />
    </PageFrame>
  );
}
