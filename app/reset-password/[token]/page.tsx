import type { Metadata } from "next";
import { createTranslator, NextIntlClientProvider } from "next-intl";
import Link from "next/link";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { MessagePage } from "@/components/message-page";
import { SiteHeader } from "@/components/site-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { pages } from "@/lib/api-client/paths";
import { readPasswordReset, type PasswordResetView } from "@/lib/auth/read-password-reset";
import { MESSAGES } from "@/lib/i18n/messages";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "New password", referrer: "no-referrer" };

// Why a link does not work, in words the person can act on (messages/<lang>.json, "reset").
const REFUSED = {
  USED: ["usedTitle", "usedText"],
  EXPIRED: ["expiredTitle", "expiredText"],
  REVOKED: ["revokedTitle", "revokedText"],
  CLOSED: ["closedTitle", "closedText"],
  UNKNOWN: ["unknownTitle", "unknownText"],
} as const satisfies Record<Exclude<PasswordResetView["state"], "OPEN">, [string, string]>;

/**
 * The page of an emailed link to choose a new password: no sign-in needed; the link itself is the
 * credential. A client's is in their language, as their email and pages are.
 */
export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const view = await readPasswordReset(token);
  const { lang } = view;
  const t = createTranslator({ locale: lang, messages: MESSAGES[lang], namespace: "reset" });
  if (view.state !== "OPEN") {
    const [title, text] = REFUSED[view.state];
    return (
      <>
        <SiteHeader />
        <div lang={lang}>
          <MessagePage
            eyebrow={t("eyebrow")}
            title={t(title)}
            actions={
              <>
                <Button asChild>
                  <Link href={pages.forgotPassword}>{t("askAgain")}</Link>
                </Button>
                <Button asChild variant="outline">
                  <Link href={pages.signIn}>{t("goToSignIn")}</Link>
                </Button>
              </>
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
              {t("title")}
            </CardTitle>
            <CardDescription>
              {t.rich("forUsername", {
                username: view.username,
                b: (chunks) => <strong className="break-all">{chunks}</strong>,
              })}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <NextIntlClientProvider locale={lang} messages={{ reset: MESSAGES[lang].reset }}>
              <ResetPasswordForm token={token} />
            </NextIntlClientProvider>
          </CardContent>
        </Card>
      </main>
    </>
  );
}
