import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { OwnClientFrame } from "@/components/client/own-client-frame";
import { ClientSession } from "@/components/client/client-session";
import { pages } from "@/lib/api-client/paths";
import { requireWebSession } from "@/lib/auth/page-session";
import { pageTitleOf } from "@/lib/clients/client-page-title";
import { IdParam } from "@/lib/schemas/common";

// Per request: the session decides what the page shows.
export const dynamic = "force-dynamic";

export const generateMetadata = (): Promise<Metadata> => pageTitleOf("session");

export default async function ClientSessionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const sessionId = IdParam.safeParse(id);
  const session = await requireWebSession(
    "CLIENT",
    sessionId.success ? pages.clientSession(sessionId.data) : pages.homework,
  );
  if (!sessionId.success) notFound();
  return (
    <OwnClientFrame session={session}>
      <ClientSession id={sessionId.data} />
    </OwnClientFrame>
  );
}
