import type { Metadata } from "next";
import { createTranslator, NextIntlClientProvider } from "next-intl";
import Link from "next/link";
import { AcceptInvitationForm } from "@/components/auth/accept-invitation-form";
import { MessagePage } from "@/components/message-page";
import { SiteHeader } from "@/components/site-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { pages } from "@/lib/api-client/paths";
import { MESSAGES } from "@/lib/i18n/messages";
import { readInvitation, type InvitationView } from "@/lib/invitations/read-invitation";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Invitation", referrer: "no-referrer" };

// Why a link does not work, in words the invitee can act on (messages/<lang>.json, "invite").
const REFUSED = {
  USED: ["usedTitle", "usedText"],
  EXPIRED: ["expiredTitle", "expiredText"],
  REVOKED: ["revokedTitle", "revokedText"],
  CLOSED: ["closedTitle", "closedText"],
  UNKNOWN: ["unknownTitle", "unknownText"],
} as const satisfies Record<Exclude<InvitationView["state"], "OPEN">, [string, string]>;

/**
 * The page of a one-time invitation link: no sign-in needed; the link itself is the credential. A
 * client's is in their language, as their pages are.
 */
export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const invitation = await readInvitation(token);
  const { lang } = invitation;
  const t = createTranslator({ locale: lang, messages: MESSAGES[lang], namespace: "invite" });
  if (invitation.state !== "OPEN") {
    const [title, text] = REFUSED[invitation.state];
    return (
      <>
        <SiteHeader />
        <div lang={lang}>
          <MessagePage
            eyebrow={t("eyebrow")}
            title={t(title)}
            actions={
              <Button asChild>
                <Link href={pages.signIn}>{t("goToSignIn")}</Link>
              </Button>
            }
          >
            {t(text)}
          </MessagePage>
        </div>
      </>
    );
  }
  return (
    <>
      <SiteHeader />
      <main lang={lang} className="mx-auto flex max-w-md flex-col justify-center px-4 py-12">
        <Card>
          <CardHeader className="flex-col">
            <CardTitle as="h1" className="text-2xl">
              {t("welcome", { name: invitation.name })}
            </CardTitle>
            <CardDescription>{t("invites", { clinic: invitation.clinicName, role: invitation.role })}</CardDescription>
          </CardHeader>
          <CardContent>
            <NextIntlClientProvider locale={lang} messages={{ invite: MESSAGES[lang].invite }}>
              <AcceptInvitationForm token={token} email={invitation.email} />
            </NextIntlClientProvider>
          </CardContent>
        </Card>
      </main>
    </>
  );
}
