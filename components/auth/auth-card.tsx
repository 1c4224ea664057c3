import type { ReactNode } from "react";
import { DocumentLanguage } from "@/components/document-language";
import { MessagePage } from "@/components/message-page";
import { SiteHeader } from "@/components/site-header";
import { TextLink } from "@/components/ui/text-link";
import { otherLang } from "@/lib/i18n/lang";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { Lang } from "@/lib/schemas/module-definition";

/**
 * Why an emailed one-time link (an invitation, a password reset) does not work: the keys of its
 * title and text, the same in both namespaces of messages/<lang>.json ("invite", "reset").
 */
const REFUSED_LINK = {
  USED: ["usedTitle", "usedText"],
  EXPIRED: ["expiredTitle", "expiredText"],
  REVOKED: ["revokedTitle", "revokedText"],
  CLOSED: ["closedTitle", "closedText"],
  UNKNOWN: ["unknownTitle", "unknownText"],
} as const;

/**
 * A page for someone not signed in (sign-in, a forgotten password, a one-time link): one card, and
 * where the page is offered in both languages, a link to the other one, named in its own language.
 */
export function AuthCard({
  lang,
  title,
  description,
  otherLanguage,
  children,
}: {
  lang?: Lang;
  title: ReactNode;
  description: ReactNode;
  otherLanguage?: { href: string; label: string };
  children: ReactNode;
}) {
  const other = otherLang(lang ?? "en");
  return (
    <>
      <DocumentLanguage lang={lang ?? "en"} />
      <SiteHeader />
      <main lang={lang} className="mx-auto flex max-w-md flex-col justify-center gap-3 px-4 py-12">
        {otherLanguage && (
          <TextLink href={otherLanguage.href} lang={other} hrefLang={other} className="self-end text-sm">
            {otherLanguage.label}
          </TextLink>
        )}
        <Card>
          <CardHeader className="flex-col">
            <CardTitle as="h1" className="text-2xl">
              {title}
            </CardTitle>
            <CardDescription>{description}</CardDescription>
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
      </main>
    </>
  );
}

type RefusedKey = (typeof REFUSED_LINK)[keyof typeof REFUSED_LINK][number];

/**
 * A one-time link's page when the link does not work, in the person's language: why, in the words
 * of the link's namespace (`t`), and what the person can do next.
 */
export function RefusedLinkPage({
  lang,
  state,
  t,
  actions,
}: {
  lang: Lang;
  state: keyof typeof REFUSED_LINK;
  t: (key: RefusedKey | "eyebrow") => string;
  actions: ReactNode;
}) {
  const [title, text] = REFUSED_LINK[state];
  return (
    <>
      <DocumentLanguage lang={lang} />
      <SiteHeader />
      <div lang={lang}>
        <MessagePage eyebrow={t("eyebrow")} title={t(title)} actions={actions}>
          {t(text)}
        </MessagePage>
      </div>
    </>
  );
}
