import type { Metadata } from "next";
import type { Session } from "next-auth";
import { createTranslator, NextIntlClientProvider } from "next-intl";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { SignInForm } from "@/components/auth/sign-in-form";
import { pages } from "@/lib/api-client/paths";
import { askedLanguage } from "@/lib/auth/link-pages";
import { HOME_OF, webSession } from "@/lib/auth/page-session";
import { sameOriginPath } from "@/lib/auth/same-origin-path";
import { env } from "@/lib/env";
import { otherLang } from "@/lib/i18n/lang";
import { MESSAGES } from "@/lib/i18n/messages";
import type { Lang } from "@/lib/schemas/module-definition";

// Per request: the session decides what the page shows.
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const wordsIn = (lang: Lang) => createTranslator({ locale: lang, messages: MESSAGES[lang], namespace: "signin" });

/** The tab's title in the page's language. */
export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  return { title: wordsIn(await askedLanguage((await searchParams).lang))("title") };
}

// This site's origin as the browser sees it: a callbackUrl is followed only when it stays there.
async function ownOrigin(): Promise<string> {
  const configured = env().NEXTAUTH_URL;
  if (configured) return configured;
  const h = await headers();
  return `${h.get("x-forwarded-proto") === "https" ? "https" : "http"}://${h.get("x-forwarded-host") ?? h.get("host") ?? "localhost"}`;
}

/**
 * Signs anyone in, in the language asked (`?lang=`: its link to the other language, a client's
 * sign-out, a French link's page), else in that of the last client's pages on this browser
 * (askedLanguage): the reader is not known yet.
 */
export default async function SignInPage({ searchParams }: Props) {
  const q = await searchParams;
  const lang = await askedLanguage(q.lang);
  const t = wordsIn(lang);
  const callbackUrl = sameOriginPath(q.callbackUrl, await ownOrigin());
  // A session whose record ended (signed out elsewhere, disabled, held by the person's status) has
  // no user: it must stay here, or the page it came from sends it back, and so on.
  const user: Session["user"] | undefined = (await webSession())?.user;
  if (user?.accountId && !q.error) redirect(callbackUrl !== "/" ? callbackUrl : (HOME_OF[user.role] ?? "/"));
  return (
    <AuthCard
      lang={lang}
      title={t("title")}
      description={t("description")}
      otherLanguage={{ href: pages.signInIn(otherLang(lang), callbackUrl), label: t("otherLanguage") }}
    >
      <NextIntlClientProvider locale={lang} messages={{ signin: MESSAGES[lang].signin }}>
        <SignInForm
          callbackUrl={callbackUrl}
          error={typeof q.error === "string" ? q.error : undefined}
          hasIdp={Boolean(env().OIDC_ISSUER)}
        />
      </NextIntlClientProvider>
    </AuthCard>
  );
}
