import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { EditClient } from "@/components/clinic/edit-client-form";
import { PageFrame } from "@/components/page-frame";
import { pages } from "@/lib/api-client/paths";
import { requireWebSession } from "@/lib/auth/page-session";
import { IdParam } from "@/lib/schemas/common";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Edit client" };

// The clinic's staff change a client here (the API lets CLINIC and INSTITUTE; the web has CLINIC).
export default async function EditClientPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const clientId = IdParam.safeParse(id).data;
  if (clientId === undefined) notFound();
  const session = await requireWebSession("CLINIC", pages.editClient(clientId));
  return (
    <PageFrame session={session}>
      <EditClient id={clientId} />
    </PageFrame>
  );
}
