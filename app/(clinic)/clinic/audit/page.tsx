import type { Metadata } from "next";
import { AuditLog } from "@/components/clinic/audit-log";
import { PageData } from "@/components/page-data";
import { PageFrame } from "@/components/page-frame";
import { pages } from "@/lib/api-client/paths";
import { requireWebSession } from "@/lib/auth/page-session";
import { prefetch } from "@/lib/pages/prefetch";
import { pageReads } from "@/lib/pages/reads";
import { IdParam } from "@/lib/schemas/common";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Audit log" };

// Who read what in the clinic, for its staff; `client` and `reader` narrow it to one client's record
// or one sign-in's reads (ids, so the URL names nobody). A value that is not an id is left out.
export default async function AuditLogPage({
  searchParams,
}: {
  searchParams: Promise<{ client?: string; reader?: string }>;
}) {
  const q = await searchParams;
  const filter = { clientId: IdParam.safeParse(q.client).data, accountId: IdParam.safeParse(q.reader).data };
  const session = await requireWebSession(
    "CLINIC",
    pages.auditLog({ client: filter.clientId, reader: filter.accountId }),
  );
  return (
    <PageFrame session={session}>
      <PageData state={await prefetch([pageReads.auditLog(filter)])}>
        <AuditLog {...filter} />
      </PageData>
    </PageFrame>
  );
}
