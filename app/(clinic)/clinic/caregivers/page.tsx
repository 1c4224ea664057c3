import type { Metadata } from "next";
import { CareProviders } from "@/components/clinic/care-providers";
import { PageFrame } from "@/components/page-frame";
import { careProviderPages } from "@/lib/api-client/care-provider-pages";
import { requireWebSession } from "@/lib/auth/page-session";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Care providers" };

export default async function CareProvidersPage() {
  const session = await requireWebSession("CLINIC", careProviderPages.list);
  return (
    <PageFrame session={session}>
      <CareProviders />
    </PageFrame>
  );
}
