"use client";

import { Button } from "@/components/ui/button";
import "./globals.css";

// The last resort when the root layout itself failed: its own html and body, no providers.
// Next.js pre-renders this page at build time, so its scripts carry no CSP nonce and do not run;
// "Try again" is therefore a plain link to this same address (a reload), not a script.
export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  return (
    <html lang="en">
      <body className="min-h-screen">
        <main className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-16">
          <h1 className="text-3xl font-semibold">Something went wrong</h1>
          <p className="text-muted-foreground">
            The Care Program Platform could not show this page. Please try again
            {error.digest ? ` (reference ${error.digest})` : ""}.
          </p>
          <Button asChild>
            <a href="">Try again</a>
          </Button>
        </main>
      </body>
    </html>
  );
}
