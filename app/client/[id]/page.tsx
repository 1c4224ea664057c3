import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ClientDetailView } from "@/components/clinic/client-detail";
import { ClientInvitation } from "@/components/clinic/client-invitation";
import { PageData } from "@/components/page-data";
import { PageFrame } from "@/components/page-frame";
import { pages } from "@/lib/api-client/paths";
import { requireWebSession } from "@/lib/auth/page-session";
import { prefetch } from "@/lib/pages/prefetch";
import { pageReads } from "@/lib/pages/reads";
import { IdParam } from "@/lib/schemas/common";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Client" };

// The path of the `location` header of client creation: the client's page.
export default async function ClientPage({ params }: { params: Promise<{ id: string }> }) {
  const clientId = IdParam.safeParse((await params).id).data;
  if (clientId === undefined) notFound();
  const session = await requireWebSession(["CLINIC", "CAREGIVER"], pages.client(clientId));
  return (
    <PageFrame session={session}>
      <PageData state={await prefetch([pageReads.client(clientId), pageReads.clientMeasures(clientId)])}>
        <ClientDetailView
          id={clientId}
          canEdit={session.user.role === "CLINIC"}
          invitation={session.user.role === "CLINIC" && <ClientInvitation clientId={clientId} />}
        />
      </PageData>
    </PageFrame>
  );
}
