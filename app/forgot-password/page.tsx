import type { Metadata } from "next";
import { createTranslator, NextIntlClientProvider } from "next-intl";
import { AuthCard } from "@/components/auth/auth-card";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";
import { pages } from "@/lib/api-client/paths";
import { askedLanguage } from "@/lib/auth/link-pages";
import { otherLang } from "@/lib/i18n/lang";
import { MESSAGES } from "@/lib/i18n/messages";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The tab's title in the page's language. */
export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const lang = await askedLanguage((await searchParams).lang);
  return { title: createTranslator({ locale: lang, messages: MESSAGES[lang], namespace: "forgot" })("title") };
}

/**
 * Asks for a link to choose a new password, in the language of the sign-in page it is linked from,
 * or of the French client's used or expired link that sends them here to ask again (`?lang=fr`).
 */
export default async function ForgotPasswordPage({ searchParams }: Props) {
  const lang = await askedLanguage((await searchParams).lang);
  const t = createTranslator({ locale: lang, messages: MESSAGES[lang], namespace: "forgot" });
  return (
    <AuthCard
      lang={lang}
      title={t("title")}
      description={t("description")}
      otherLanguage={{ href: pages.forgotPasswordIn(otherLang(lang)), label: t("otherLanguage") }}
    >
      <NextIntlClientProvider locale={lang} messages={{ forgot: MESSAGES[lang].forgot }}>
        <ForgotPasswordForm />
      </NextIntlClientProvider>
    </AuthCard>
  );
}
