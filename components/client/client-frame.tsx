"use client";

import { MAIN_ID, SkipLink } from "@/components/ui/skip-link";
import { DocumentLanguage } from "@/components/document-language";
import { NextIntlClientProvider, useTranslations } from "next-intl";
import { useLang } from "@/components/use-lang";
import type { ReactNode } from "react";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { UnreadBadge } from "@/components/messages/conversation-panel";
import { SiteHeader } from "@/components/site-header";
import { NavLink } from "@/components/ui/nav-link";
import { useUnreadTotal } from "@/lib/api-client/messages";
import { pages } from "@/lib/api-client/paths";
import { MESSAGES } from "@/lib/i18n/messages";
import type { Lang } from "@/lib/schemas/module-definition";

/**
 * Header, navigation and main landmark of the client's pages, in the client's language: the words
 * of everything inside come from messages/<lang>.json (next-intl), marked with `lang` for readers.
 */
export function ClientFrame({
  name,
  lang,
  crisisContact,
  children,
}: {
  name: string;
  lang: Lang;
  crisisContact: string | null;
  children: ReactNode;
}) {
  return (
    // The person's own time zone, as every date of these pages is shown in it (format-date.ts).
    <NextIntlClientProvider
      locale={lang}
      messages={MESSAGES[lang]}
      timeZone={Intl.DateTimeFormat().resolvedOptions().timeZone}
    >
      <DocumentLanguage lang={lang} remember />
      <div lang={lang}>
        <ClientSkipLink />
        <ClientHeader name={name} />
        <main id={MAIN_ID} className="mx-auto max-w-3xl px-4 py-6 sm:py-8">
          {children}
        </main>
        <CrisisFooter crisisContact={crisisContact} />
      </div>
    </NextIntlClientProvider>
  );
}

/**
 * On every client page: whom to call in a crisis. The emergency numbers come first, for a life in
 * danger, then the clinic's own line (docs/crisis-contact.md).
 */
function CrisisFooter({ crisisContact }: { crisisContact: string | null }) {
  const t = useTranslations("frame");
  return (
    <footer className="mx-auto max-w-3xl px-4 pb-8">
      <section aria-labelledby="crisis-heading" className="rounded-lg border bg-card p-4 text-sm">
        <h2 id="crisis-heading" className="font-semibold">
          {t("crisis")}
        </h2>
        <p className="mt-1">{t("emergency")}</p>
        {crisisContact !== null && (
          <>
            <p className="mt-2">{t("crisisClinic")}</p>
            <p className="whitespace-pre-wrap font-medium">{crisisContact}</p>
          </>
        )}
      </section>
    </footer>
  );
}

function ClientSkipLink() {
  const t = useTranslations("frame");
  return <SkipLink label={t("skipToContent")} />;
}

function ClientHeader({ name }: { name: string }) {
  const t = useTranslations("frame");
  const lang = useLang();
  const unread = useUnreadTotal();
  return (
    <>
      <SiteHeader home={pages.homework}>
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <span>{t.rich("signedInAs", { name, strong: (c) => <strong>{c}</strong> })}</span>
          <SignOutButton label={t("signOut")} lang={lang} />
        </div>
      </SiteHeader>
      <nav aria-label={t("nav")} className="border-b bg-card">
        <ul className="mx-auto flex max-w-3xl gap-4 px-4 py-2 text-sm">
          <li>
            <NavLink href={pages.homework}>{t("homework")}</NavLink>{" "}
            <UnreadBadge count={unread} label={(count) => t("unread", { count })} />
          </li>
          <li>
            <NavLink href={pages.settings}>{t("settings")}</NavLink>
          </li>
        </ul>
      </nav>
    </>
  );
}
