"use client";

import { MessagePage } from "@/components/message-page";
import { Button } from "@/components/ui/button";
import "./globals.css";

// The last resort when the root layout itself failed: its own html and body, no providers.
// Next.js pre-renders this page at build time, so its scripts carry no CSP nonce and do not run;
// "Try again" is therefore a plain link to this same address (a reload), not a script.
export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  return (
    <html lang="en">
      <body className="min-h-screen">
        <MessagePage
          title="Something went wrong"
          actions={
            <Button asChild>
              <a href="">Try again</a>
            </Button>
          }
        >
          The Care Program Platform could not show this page. Please try again
          {error.digest ? ` (reference ${error.digest})` : ""}.
        </MessagePage>
      </body>
    </html>
  );
}
