import "server-only";
import { sha256 } from "@/lib/auth/token-hash";
import { nowSql } from "@/lib/db/database-clock";
import { db } from "@/lib/db/prisma";
import type { Lang } from "@/lib/schemas/module-definition";

export type PasswordResetView = { lang: Lang } & (
  { state: "OPEN"; username: string } | { state: "USED" | "EXPIRED" | "REVOKED" | "UNKNOWN" | "CLOSED" }
);

/**
 * What the reset page may show for a token: the sign-in whose password it changes, or why the link
 * no longer works, in the person's language (a client's own, else English, as their pages are).
 * CLOSED: the sign-in was disabled or held by the person's status since the link was sent.
 */
export async function readPasswordReset(token: string): Promise<PasswordResetView> {
  if (token.length > 200) return { state: "UNKNOWN", lang: "en" };
  const [row] = await db().$queryRaw<
    {
      username: string;
      language: string | null;
      usedAt: Date | null;
      revokedAt: Date | null;
      expired: boolean;
      closed: boolean;
      replaced: boolean;
    }[]
  >`
    select a.username, c.language::text as language, r."usedAt", r."revokedAt",
           r."expiresAt" <= ${nowSql} as expired,
           a.disabled or a."heldByStatus" as closed,
           exists (select 1 from "PasswordReset" n where n."accountId" = r."accountId" and n.id > r.id) as replaced
      from "PasswordReset" r join "Account" a on a.id = r."accountId"
      left join "Client" c on c.id = a."clientId"
     where r."tokenHash" = ${sha256(token)}`;
  if (!row) return { state: "UNKNOWN", lang: "en" };
  const lang: Lang = row.language === "FR" ? "fr" : "en";
  if (row.usedAt) return { state: "USED", lang };
  // Revoked by a newer link, or by a disable or a hold of the sign-in (then there is none newer).
  if (row.revokedAt) return { state: row.replaced ? "REVOKED" : "CLOSED", lang };
  if (row.expired) return { state: "EXPIRED", lang };
  if (row.closed) return { state: "CLOSED", lang };
  return { state: "OPEN", lang, username: row.username };
}
