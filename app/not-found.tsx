import type { Metadata } from "next";
import Link from "next/link";
import { createTranslator } from "use-intl/core";
import { MessagePage } from "@/components/message-page";
import { SiteHeader } from "@/components/site-header";
import { Button } from "@/components/ui/button";
import { pages } from "@/lib/api-client/paths";
import { readerLanguage } from "@/lib/clients/own-frame";
import { MESSAGES } from "@/lib/i18n/messages";

// In the reader's language: a French-speaking client who follows a stale link reads it in French.
async function words() {
  const lang = await readerLanguage();
  return { lang, t: createTranslator({ locale: lang, messages: MESSAGES[lang], namespace: "missingPage" }) };
}

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await words();
  return { title: t("title") };
}

export default async function NotFound() {
  const { lang, t } = await words();
  return (
    <>
      <SiteHeader />
      <div lang={lang}>
        <MessagePage
          eyebrow={t("eyebrow")}
          title={t("title")}
          actions={
            <Button asChild>
              <Link href={pages.home}>{t("home")}</Link>
            </Button>
          }
        >
          {t("body")}
        </MessagePage>
      </div>
    </>
  );
}
