import "server-only";
import { sql } from "kysely";
import { runSql, sqlBuilder } from "@/lib/db/sql";
import type { Role } from "@/lib/generated/prisma/enums";

type Found = { id: number; role: Role; name: string };

// From the institutes of the issuer to their clinics, to the person with the email by each kind's
// own index (a clinic's staff and clients by clinic and email, caregivers by institute and email),
// then to their account. As one Prisma query with an OR over the account's three relations it read
// every account in order of id until it had two: 102 ms for an email of nobody among 50,000
// accounts, 0.17 ms this way (2026-11-27). No LIMIT: with one, the planner chose scans of every
// client and account, expecting many rows and needing two; an email names at most one person of
// each kind per clinic (`union`: an account reached twice is one account).
const mayUse = sql`not a.disabled and not a."heldByStatus"`;
// Staff may change a person's email, so the person's email alone would let staff who set it to an
// address they hold at the IdP sign in as that person. The sign-in's own address (Account.email,
// where its reset links go, moved only by the operator: docs/password-reset.md; for a sign-in made
// by SSO, the IdP's email when it was made) must be the IdP's email too.
const ownAddress = (email: string) => sql`a.email = ${email}`;

const accountsByEmailQuery = (email: string, issuers: string[]) =>
  sql<Found>`
with institutes as (
  select id from "Institute" where "idpIssuer" = any(${issuers}::text[])
), clinics as (
  select k.id from "Clinic" k where k."instituteId" in (select id from institutes)
)
select a.id, a.role, st.name
  from clinics k join "ClinicStaff" st on st."clinicId" = k.id and st.email = ${email}
  join "Account" a on a."staffId" = st.id
 where ${mayUse} and ${ownAddress(email)}
union
select a.id, a.role, cg.name
  from institutes i join "Caregiver" cg on cg."instituteId" = i.id and cg.email = ${email}
  join "Account" a on a."caregiverId" = cg.id
 where ${mayUse} and ${ownAddress(email)}
union
select a.id, a.role, cl.name
  from clinics k join "Client" cl on cl."clinicId" = k.id and cl.email = ${email}
  join "Account" a on a."clientId" = cl.id
 where ${mayUse} and ${ownAddress(email)}`.compile(sqlBuilder);

/**
 * The accounts of clinic staff, caregivers and clients with this email in the institutes whose
 * identity provider is `issuer` (with or without a trailing slash; none when it is empty), that may
 * sign in, and whose sign-in's own address is that email too.
 */
export async function findAccountsByEmail(email: string, issuer: string): Promise<Found[]> {
  const bare = issuer.replace(/\/$/, "");
  if (!bare) return [];
  return runSql("accounts-by-email", accountsByEmailQuery(email.toLowerCase(), [bare, `${bare}/`]));
}
