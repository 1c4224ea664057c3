import type { Metadata } from "next";
import { OwnClientFrame } from "@/components/client/own-client-frame";
import { PageFrame } from "@/components/page-frame";
import { EmailSettingsForm } from "@/components/settings/email-settings-form";
import { InEnglish } from "@/components/settings/in-english";
import { pages } from "@/lib/api-client/paths";
import { requireWebSession } from "@/lib/auth/page-session";
import { pageTitleOf } from "@/lib/clients/client-page-title";

// Per request: the session decides what the page shows.
export const dynamic = "force-dynamic";

export const generateMetadata = (): Promise<Metadata> => pageTitleOf("settings");

/** Email settings of a client (in their language, in their frame) or of a care provider. */
export default async function SettingsPage() {
  const session = await requireWebSession(["CLIENT", "CAREGIVER"], pages.settings);
  if (session.user.role === "CLIENT")
    return (
      <OwnClientFrame session={session}>
        <EmailSettingsForm />
      </OwnClientFrame>
    );
  // The care providers' pages are in English.
  return (
    <PageFrame session={session}>
      <InEnglish>
        <div className="max-w-2xl">
          <EmailSettingsForm />
        </div>
      </InEnglish>
    </PageFrame>
  );
}
