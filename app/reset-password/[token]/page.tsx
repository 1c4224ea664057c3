import type { Metadata } from "next";
import { createTranslator, NextIntlClientProvider } from "next-intl";
import Link from "next/link";
import { AuthCard, RefusedLinkPage } from "@/components/auth/auth-card";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { Button } from "@/components/ui/button";
import { pages } from "@/lib/api-client/paths";
import { readPasswordResetOnce } from "@/lib/auth/link-pages";
import { MESSAGES } from "@/lib/i18n/messages";

export const dynamic = "force-dynamic";

/** The tab's title in the link's language, as the page is. */
export async function generateMetadata({ params }: { params: Promise<{ token: string }> }): Promise<Metadata> {
  const { lang } = await readPasswordResetOnce((await params).token);
  const t = createTranslator({ locale: lang, messages: MESSAGES[lang], namespace: "reset" });
  return { title: t("eyebrow"), referrer: "no-referrer" };
}

/**
 * The page of an emailed link to choose a new password: no sign-in needed; the link itself is the
 * credential. A client's is in their language, as their email and pages are.
 */
export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const view = await readPasswordResetOnce(token);
  const { lang } = view;
  const t = createTranslator({ locale: lang, messages: MESSAGES[lang], namespace: "reset" });
  if (view.state !== "OPEN") {
    return (
      <RefusedLinkPage
        lang={lang}
        state={view.state}
        t={t}
        actions={
          <>
            <Button asChild>
              <Link href={pages.forgotPasswordIn(lang)}>{t("askAgain")}</Link>
            </Button>
            <Button asChild variant="outline">
              <Link href={pages.signInIn(lang)}>{t("goToSignIn")}</Link>
            </Button>
          </>
        }
      />
    );
  }
  return (
    <AuthCard
      lang={lang}
      title={t("title")}
      description={t.rich("forUsername", {
        username: view.username,
        b: (chunks) => <strong className="break-all">{chunks}</strong>,
      })}
    >
      <NextIntlClientProvider locale={lang} messages={{ reset: MESSAGES[lang].reset }}>
        <ResetPasswordForm token={token} />
      </NextIntlClientProvider>
    </AuthCard>
  );
}
