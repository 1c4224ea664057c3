import type { Metadata } from "next";
import { createTranslator, NextIntlClientProvider } from "next-intl";
import { AuthCard } from "@/components/auth/auth-card";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";
import { forgotPageLanguage } from "@/lib/auth/link-pages";
import { MESSAGES } from "@/lib/i18n/messages";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The tab's title in the page's language. */
export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const lang = forgotPageLanguage((await searchParams).lang);
  return { title: createTranslator({ locale: lang, messages: MESSAGES[lang], namespace: "forgot" })("title") };
}

/**
 * Asks for a link to choose a new password. English, as the sign-in page it is linked from is; in
 * French when a French client's used or expired link sends them here to ask again (`?lang=fr`).
 */
export default async function ForgotPasswordPage({ searchParams }: Props) {
  const lang = forgotPageLanguage((await searchParams).lang);
  const t = createTranslator({ locale: lang, messages: MESSAGES[lang], namespace: "forgot" });
  return (
    <AuthCard lang={lang} title={t("title")} description={t("description")}>
      <NextIntlClientProvider locale={lang} messages={{ forgot: MESSAGES[lang].forgot }}>
        <ForgotPasswordForm />
      </NextIntlClientProvider>
    </AuthCard>
  );
}
