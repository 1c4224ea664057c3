import "server-only";
import { sql } from "kysely";
import { runSql } from "@/lib/db/sql";
import { AppError } from "@/lib/errors";
import { scopeOfRow, selectScope, type Scope } from "@/lib/auth/scope";
import { sha256 } from "@/lib/auth/token-hash";

const unauthorized = (detail: string, error = "invalid_token") =>
  new AppError("unauthorized", detail, undefined, {
    "www-authenticate": `Bearer realm="gateway", error="${error}", error_description="${detail}"`,
  });

// One statement on every authenticated request, straight through pg: it is the hottest query, so
// it is built and compiled once and each request only supplies the hash.
const BEARER = compileBearerQuery("");
if (BEARER.parameters.length !== 1) throw new Error("the bearer query must have exactly one parameter");

/** The token's account scope and state, by the token's hash; exported for the benchmark's bare server. */
export const bearerQuery = (tokenHash: string): typeof BEARER => ({ ...BEARER, parameters: [tokenHash] });

function compileBearerQuery(tokenHash: string) {
  return selectScope()
    .innerJoin("AccessToken as t", "t.accountId", "a.id")
    .select([
      sql<boolean>`${sql.ref("t.expiresAt")} < now() at time zone 'UTC'`.as("expired"),
      sql<boolean>`${sql.ref("t.revokedAt")} is not null`.as("revoked"),
    ])
    .where("t.tokenHash", "=", tokenHash)
    .compile();
}

/** Reads `Authorization: bearer <token>` (scheme case-insensitive) and returns the caller's scope. */
export async function authenticateBearer(header: string | null): Promise<Scope> {
  if (!header) throw unauthorized("an Authorization: bearer <token> header is required", "invalid_request");
  const match = /^bearer\s+([A-Za-z0-9._~+/-]+=*)\s*$/i.exec(header);
  if (!match?.[1]) throw unauthorized("the Authorization header must be 'bearer <token>'", "invalid_request");
  const [row] = await runSql("auth-bearer", bearerQuery(sha256(match[1])));
  const scope = row && scopeOfRow(row);
  if (!row || !scope) throw unauthorized("the access token is not valid");
  if (row.revoked || row.disabled || row.heldByStatus) throw unauthorized("the access token has been revoked");
  if (row.expired) throw unauthorized("the access token has expired");
  return scope;
}
