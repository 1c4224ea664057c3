"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { PageErrorWordsProvider, type PageErrorWords } from "@/components/page-error-words";
import { ApiError } from "@/lib/api-client/api-fetch";
import type { Lang } from "@/lib/schemas/module-definition";

export function Providers({
  lang,
  pageError,
  children,
}: {
  lang: Lang;
  pageError: Record<Lang, PageErrorWords>;
  children: ReactNode;
}) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: {
            staleTime: 10_000,
            // A 4xx will not get better by asking again.
            retry: (count, e) => !(e instanceof ApiError && e.status < 500) && count < 2,
          },
        },
      }),
  );
  return (
    <QueryClientProvider client={client}>
      <PageErrorWordsProvider lang={lang} words={pageError}>
        {children}
      </PageErrorWordsProvider>
    </QueryClientProvider>
  );
}
