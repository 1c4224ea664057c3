"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";
import type { FailureWords } from "@/lib/api-client/api-fetch";

/** The client's words, in their language, for a request that failed without the server's own. */
export function useFailureWords(): FailureWords {
  const t = useTranslations("errors");
  return useMemo(() => ({ unreachable: t("unreachable"), unexpected: t("unexpected") }), [t]);
}
