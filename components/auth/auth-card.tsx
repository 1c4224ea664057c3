import type { ReactNode } from "react";
import { MessagePage } from "@/components/message-page";
import { SiteHeader } from "@/components/site-header";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { Lang } from "@/lib/schemas/module-definition";

/**
 * Why an emailed one-time link (an invitation, a password reset) does not work: the keys of its
 * title and text, the same in both namespaces of messages/<lang>.json ("invite", "reset").
 */
export const REFUSED_LINK = {
  USED: ["usedTitle", "usedText"],
  EXPIRED: ["expiredTitle", "expiredText"],
  REVOKED: ["revokedTitle", "revokedText"],
  CLOSED: ["closedTitle", "closedText"],
  UNKNOWN: ["unknownTitle", "unknownText"],
} as const;

/** A page for someone not signed in (sign-in, a forgotten password, a one-time link): one card. */
export function AuthCard({
  lang,
  title,
  description,
  children,
}: {
  lang?: Lang;
  title: ReactNode;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <SiteHeader />
      <main lang={lang} className="mx-auto flex max-w-md flex-col justify-center px-4 py-12">
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

/** A one-time link's page when the link does not work, in the person's language. */
export function RefusedLinkPage({
  lang,
  eyebrow,
  title,
  actions,
  children,
}: {
  lang: Lang;
  eyebrow: ReactNode;
  title: ReactNode;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <SiteHeader />
      <div lang={lang}>
        <MessagePage eyebrow={eyebrow} title={title} actions={actions}>
          {children}
        </MessagePage>
      </div>
    </>
  );
}
