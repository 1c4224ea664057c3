import type { Metadata } from "next";
import { NewDesignPlan } from "@/components/library/design-plan-editor";
import { PageFrame } from "@/components/page-frame";
import { requireWebSession } from "@/lib/auth/page-session";
import { pages } from "@/lib/api-client/paths";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "New design plan" };

export default async function NewDesignPlanPage() {
  const session = await requireWebSession("CLINIC", pages.newDesignPlan);
  return (
    <PageFrame session={session}>
      <NewDesignPlan />
    </PageFrame>
  );
}
