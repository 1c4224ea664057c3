import type { Metadata } from "next";
import Link from "next/link";
import { MessagePage } from "@/components/message-page";
import { SiteHeader } from "@/components/site-header";
import { Button } from "@/components/ui/button";
import { pages } from "@/lib/api-client/paths";

export const metadata: Metadata = { title: "Page not found" };

export default function NotFound() {
  return (
    <>
      <SiteHeader />
      <MessagePage
        eyebrow="Error 404"
        title="Page not found"
        actions={
          <Button asChild>
            <Link href={pages.home}>Go to the home page</Link>
          </Button>
        }
      >
        There is no page at this address. It may have moved, or the link may be mistyped.
      </MessagePage>
    </>
  );
}
