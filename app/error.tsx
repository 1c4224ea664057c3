"use client";

import Link from "next/link";
import { MessagePage } from "@/components/message-page";
import { usePageErrorWords } from "@/components/page-error-words";
import { Button } from "@/components/ui/button";
import { pages } from "@/lib/api-client/paths";

// A page that failed while rendering: says so in plain words, in the reader's language, and offers
// to try again. The error's own text is not shown (it may be technical); its digest helps support
// find the log.
export default function PageError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const w = usePageErrorWords();
  return (
    <MessagePage
      title={w.title}
      actions={
        <>
          <Button onClick={reset}>{w.tryAgain}</Button>
          <Button variant="outline" asChild>
            <Link href={pages.home}>{w.home}</Link>
          </Button>
        </>
      }
    >
      {w.body}
      {error.digest && (
        <>
          {" "}
          {w.reference} <code className="break-all">{error.digest}</code>
        </>
      )}
    </MessagePage>
  );
}
