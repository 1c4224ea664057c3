"use client";

import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { MESSAGES } from "@/lib/i18n/messages";

/**
 * The words of the messages files in English, for a component shared with the client's pages shown
 * on a care provider's page (those are in English). A client component: next-intl's provider is
 * given its messages here, as ClientFrame does, rather than by a server request config.
 */
export function InEnglish({ children }: { children: ReactNode }) {
  return (
    <NextIntlClientProvider
      locale="en"
      messages={MESSAGES.en}
      timeZone={Intl.DateTimeFormat().resolvedOptions().timeZone}
    >
      {children}
    </NextIntlClientProvider>
  );
}
