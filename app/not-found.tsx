import type { Metadata } from "next";
import Link from "next/link";
import { SiteHeader } from "@/components/site-header";
import { Button } from "@/components/ui/button";
import { pages } from "@/lib/api-client/paths";

export const metadata: Metadata = { title: "Page not found" };

export default function NotFound() {
  return (
    <>
      <SiteHeader />
      <main className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-16">
        <p className="text-sm font-semibold text-muted-foreground">Error 404</p>
        <h1 className="text-3xl font-semibold">Page not found</h1>
        <p className="text-muted-foreground">
          There is no page at this address. It may have moved, or the link may be mistyped.
        </p>
        <Button asChild>
          <Link href={pages.home}>Go to the home page</Link>
        </Button>
      </main>
    </>
  );
}
