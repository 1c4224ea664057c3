import type { Metadata } from "next";
import { ClientFrame } from "@/components/client/client-frame";
import { HomeworkOverview } from "@/components/client/homework-overview";
import { pages } from "@/lib/api-client/paths";
import { requireWebSession } from "@/lib/auth/page-session";
import { pageTitleOf } from "@/lib/clients/client-page-title";
import { ownLanguage } from "@/lib/clients/own-language";

// Per request: the session decides what the page shows.
export const dynamic = "force-dynamic";

export const generateMetadata = (): Promise<Metadata> => pageTitleOf("home");

export default async function HomeworkPage() {
  const session = await requireWebSession("CLIENT", pages.homework);
  return (
    <ClientFrame name={session.user.name ?? ""} lang={await ownLanguage(session.user.accountId)}>
      <HomeworkOverview />
    </ClientFrame>
  );
}
