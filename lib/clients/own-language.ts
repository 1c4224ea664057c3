import "server-only";
import { cache } from "react";
import { db } from "@/lib/db/prisma";
import type { Lang } from "@/lib/schemas/module-definition";

/** The language of a signed-in client's pages: the client's `language` (EN or FR); once per request. */
export const ownLanguage = cache(async (accountId: number): Promise<Lang> => {
  const account = await db().account.findUnique({
    where: { id: accountId },
    select: { client: { select: { language: true } } },
  });
  return account?.client?.language === "FR" ? "fr" : "en";
});
