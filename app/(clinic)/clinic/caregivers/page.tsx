import type { Metadata } from "next";
import { CareProviders } from "@/components/clinic/care-providers";
import { PageFrame } from "@/components/page-frame";
import { requireWebSession } from "@/lib/auth/page-session";
import { pages } from "@/lib/api-client/paths";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Care providers" };

export default async function CareProvidersPage() {
  const session = await requireWebSession("CLINIC", pages.careProviders);
  return (
    <PageFrame session={session}>
      <CareProviders />
    </PageFrame>
  );
}
