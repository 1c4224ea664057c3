"use client";

import Link from "next/link";
import { MessagePage } from "@/components/message-page";
import { Button } from "@/components/ui/button";
import { pages } from "@/lib/api-client/paths";

// A page that failed while rendering: says so in plain words and offers to try again. The
// error's own text is not shown (it may be technical); its digest helps support find the log.
export default function PageError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <MessagePage
      title="Something went wrong"
      actions={
        <>
          <Button onClick={reset}>Try again</Button>
          <Button variant="outline" asChild>
            <Link href={pages.home}>Go to the home page</Link>
          </Button>
        </>
      }
    >
      This page could not be shown. Please try again; if it keeps happening, tell your administrator
      {error.digest ? ` (reference ${error.digest})` : ""}.
    </MessagePage>
  );
}
