import type { Metadata } from "next";
import { NewClientForm } from "@/components/clinic/new-client-form";
import { PageData } from "@/components/page-data";
import { PageFrame } from "@/components/page-frame";
import { pages } from "@/lib/api-client/paths";
import { requireWebSession } from "@/lib/auth/page-session";
import { prefetch } from "@/lib/pages/prefetch";
import { pageReads } from "@/lib/pages/reads";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "New client" };

export default async function NewClientPage() {
  const session = await requireWebSession("CLINIC", pages.newClient);
  return (
    <PageFrame session={session}>
      <PageData state={await prefetch([pageReads.caregivers(), pageReads.designPlans(), pageReads.books()])}>
        <NewClientForm />
      </PageData>
    </PageFrame>
  );
}
