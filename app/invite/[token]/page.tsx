import type { Metadata } from "next";
import { createTranslator, NextIntlClientProvider } from "next-intl";
import Link from "next/link";
import { AcceptInvitationForm } from "@/components/auth/accept-invitation-form";
import { AuthCard, RefusedLinkPage } from "@/components/auth/auth-card";
import { Button } from "@/components/ui/button";
import { pages } from "@/lib/api-client/paths";
import { MESSAGES } from "@/lib/i18n/messages";
import { readInvitationOnce } from "@/lib/auth/link-pages";

export const dynamic = "force-dynamic";

/** The tab's title in the link's language, as the page is. */
export async function generateMetadata({ params }: { params: Promise<{ token: string }> }): Promise<Metadata> {
  const { lang } = await readInvitationOnce((await params).token);
  const t = createTranslator({ locale: lang, messages: MESSAGES[lang], namespace: "invite" });
  return { title: t("eyebrow"), referrer: "no-referrer" };
}

/**
 * The page of a one-time invitation link: no sign-in needed; the link itself is the credential. A
 * client's is in their language, as their pages are.
 */
export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const invitation = await readInvitationOnce(token);
  const { lang } = invitation;
  const t = createTranslator({ locale: lang, messages: MESSAGES[lang], namespace: "invite" });
  if (invitation.state !== "OPEN") {
    return (
      <RefusedLinkPage
        lang={lang}
        state={invitation.state}
        t={t}
        actions={
          <Button asChild>
            <Link href={pages.signInIn(lang)}>{t("goToSignIn")}</Link>
          </Button>
        }
      />
    );
  }
  return (
    <AuthCard
      lang={lang}
      title={t("welcome", { name: invitation.name })}
      description={t("invites", { clinic: invitation.clinicName, role: invitation.role })}
    >
      <NextIntlClientProvider locale={lang} messages={{ invite: MESSAGES[lang].invite }}>
        <AcceptInvitationForm token={token} email={invitation.email} />
      </NextIntlClientProvider>
    </AuthCard>
  );
}
