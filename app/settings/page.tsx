import type { Metadata } from "next";
import { OwnClientFrame } from "@/components/client/own-client-frame";
import { PageFrame } from "@/components/page-frame";
import { EmailSettingsForm } from "@/components/settings/email-settings-form";
import { InEnglish } from "@/components/settings/in-english";
import { pages } from "@/lib/api-client/paths";
import { requireWebSession, webSession } from "@/lib/auth/page-session";
import { ownLanguage } from "@/lib/clients/own-frame";
import { MESSAGES } from "@/lib/i18n/messages";

// Per request: the session decides what the page shows.
export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const user = (await webSession())?.user;
  const lang = user?.accountId && user.role === "CLIENT" ? await ownLanguage(user.accountId) : "en";
  return { title: MESSAGES[lang].settings.title };
}

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
