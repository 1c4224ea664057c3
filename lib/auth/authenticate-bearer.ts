import "server-only";
import { pool } from "@/lib/db/pool";
import { AppError } from "@/lib/errors";
import { SCOPE_COLUMNS, SCOPE_JOINS, scopeOfRow, type Scope } from "@/lib/auth/scope";
import { sha256 } from "@/lib/auth/token-hash";

const unauthorized = (detail: string, error = "invalid_token") =>
  new AppError("unauthorized", detail, undefined, {
    "www-authenticate": `Bearer realm="gateway", error="${error}", error_description="${detail}"`,
  });

// One statement on every authenticated request, straight through pg: it is the hottest query.
export const BEARER_SQL = `
select ${SCOPE_COLUMNS}, t."expiresAt" < now() at time zone 'UTC' as expired, t."revokedAt" is not null as revoked
  from "AccessToken" t
  join "Account" a on a.id = t."accountId"
  ${SCOPE_JOINS}
 where t."tokenHash" = $1`;

/** Reads `Authorization: bearer <token>` (scheme case-insensitive) and returns the caller's scope. */
export async function authenticateBearer(header: string | null): Promise<Scope> {
  if (!header) throw unauthorized("an Authorization: bearer <token> header is required", "invalid_request");
  const match = /^bearer\s+([A-Za-z0-9._~+/-]+=*)\s*$/i.exec(header);
  if (!match?.[1]) throw unauthorized("the Authorization header must be 'bearer <token>'", "invalid_request");
  const { rows } = await pool().query({ name: "auth-bearer", text: BEARER_SQL, values: [sha256(match[1])] });
  const row = rows[0];
  if (!row) throw unauthorized("the access token is not valid");
  if (row.revoked || row.disabled) throw unauthorized("the access token has been revoked");
  if (row.expired) throw unauthorized("the access token has expired");
  return scopeOfRow(row);
}
