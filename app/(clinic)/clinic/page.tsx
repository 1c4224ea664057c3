import type { Metadata } from "next";
import { ClientList } from "@/components/clinic/client-list";
import { PageData } from "@/components/page-data";
import { PageFrame } from "@/components/page-frame";
import { pages } from "@/lib/api-client/paths";
import { requireWebSession } from "@/lib/auth/page-session";
import { prefetch } from "@/lib/pages/prefetch";
import { pageReads } from "@/lib/pages/reads";

// Per request: the session decides what the page shows.
export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Clients" };

export default async function ClinicHome() {
  const session = await requireWebSession("CLINIC", pages.clinic);
  return (
    <PageFrame session={session}>
      <PageData state={await prefetch([pageReads.clients()])}>
        <ClientList />
      </PageData>
    </PageFrame>
  );
}
