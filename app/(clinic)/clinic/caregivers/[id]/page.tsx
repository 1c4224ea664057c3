import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CareProviderDetail } from "@/components/clinic/care-provider-detail";
import { PageFrame } from "@/components/page-frame";
import { requireWebSession } from "@/lib/auth/page-session";
import { staffClinicId } from "@/lib/clinics/staff-clinic";
import { IdParam } from "@/lib/schemas/common";
import { pages } from "@/lib/api-client/paths";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Care provider" };

export default async function CareProviderPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!IdParam.safeParse(id).success) notFound();
  const session = await requireWebSession("CLINIC", pages.careProvider(Number(id)));
  const clinicId = await staffClinicId(session.user.accountId);
  if (clinicId === null) notFound();
  return (
    <PageFrame session={session}>
      <CareProviderDetail id={Number(id)} clinicId={clinicId} />
    </PageFrame>
  );
}
