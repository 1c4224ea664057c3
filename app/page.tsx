import Link from "next/link";
import { redirect } from "next/navigation";
import { DocumentLanguage } from "@/components/document-language";
import { SiteHeader } from "@/components/site-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { TextLink } from "@/components/ui/text-link";
import { pages, paths } from "@/lib/api-client/paths";
import { HOME_OF, webSession } from "@/lib/auth/page-session";

export const dynamic = "force-dynamic";

const ROLES = [
  ["Clinics", "create client accounts and assign them programs of homework."],
  ["Care providers", "follow each client's sessions, review the homework and give feedback."],
  ["Institutes", "connect their own identity provider, so their people sign in as they do at work."],
] as const;

export default async function Home() {
  const session = await webSession();
  const home = session ? HOME_OF[session.user.role] : undefined;
  if (home) redirect(home);
  return (
    <>
      <DocumentLanguage lang="en" />
      <SiteHeader />
      <main className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-12">
        <div className="flex flex-col gap-4">
          <h1 className="text-3xl font-semibold">Care Program Platform</h1>
          <p className="text-lg text-muted-foreground">Care programs between clinics, care providers and clients.</p>
          <p>
            <Button asChild size="lg">
              <Link href={pages.signIn}>Sign in</Link>
            </Button>
          </p>
        </div>
        <ul className="grid gap-4 sm:grid-cols-3">
          {ROLES.map(([who, what]) => (
            <li key={who}>
              <Card className="h-full">
                <CardHeader>
                  <CardTitle>{who}</CardTitle>
                </CardHeader>
                <CardContent>
                  <CardDescription>{what}</CardDescription>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
        <p className="text-muted-foreground">
          For developers: the{" "}
          <TextLink variant="inline" href={pages.docs}>
            API reference
          </TextLink>{" "}
          (OpenAPI 3.1 at <code>{paths.openApi}</code>).
        </p>
      </main>
    </>
  );
}
