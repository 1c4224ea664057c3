import "server-only";
import { sql } from "kysely";
import { membershipsSql } from "@/lib/clinics/lock-memberships";
import { NOW_MS_SQL } from "@/lib/db/database-clock";
import { type RunSql, sqlBuilder } from "@/lib/db/sql";
import { AppError, type FieldError } from "@/lib/errors";
import { randomId } from "@/lib/ids";
import type { ClientCreateInput } from "@/lib/schemas/client";
import { MIME_OF, base64Bytes } from "@/lib/schemas/image";

type Inserted = { id: number | null; known: number[]; now: number };

// The client's row and its care team in one statement, and only when every named caregiver works
// at the clinic (their memberships held, so a removal from the clinic cannot pass between the check
// and the commit: membershipsSql): one round trip, atomic on its own. Prisma took four statements
// in a transaction for this, and its handling of the image's bytes alone cost more CPU than the
// whole statement (measured: docs/performance.md, client creation).
function insertClientQuery(clinicId: number, input: ClientCreateInput, image: Buffer | null, caregiverIds: number[]) {
  return sql<Inserted>`
with team as (${membershipsSql(clinicId, caregiverIds)}), client as (
  insert into "Client" ("clinicId", "opptId", "externalClientId", name, email, mobile, language, status, "fromCpm", image, "imageType", "updatedAt")
  select ${clinicId}::int, ${randomId(16)}, ${input.externalClientId ?? null}, ${input.name}, ${input.email.toLowerCase()},
         ${input.mobile ?? null}, ${input.language ?? "EN"}::"Language", ${input.status ?? "ACTIVE"}::"ClientStatus",
         ${input.fromCpm ?? false}::boolean, ${image}::bytea, ${image && input.imageExtension ? MIME_OF[input.imageExtension] : null},
         (now() at time zone 'UTC')::timestamp(3)
   where (select count(*) from team) = cardinality(${caregiverIds}::int[])
  returning id
), members as (
  insert into "CareTeamMember" ("clientId", "caregiverId") select client.id, team."caregiverId" from client, team
)
select (select id from client) as id, array(select "caregiverId" from team order by 1) as known,
       ${sql.raw(NOW_MS_SQL)} as now`.compile(sqlBuilder);
}

/**
 * The image's bytes, as the schema decoded them when it checked the text (which drops the prefix
 * and any white space): Node's decoder, given the raw text, would read a Unicode space as a base64
 * digit. Taken in the task that parsed and checked the body, before any round trip: the check is
 * kept for the last text only (lib/schemas/image.ts), and once another request's body has been
 * read, the lookup compares the two texts, which makes both flat (docs/performance.md).
 */
export function imageBytes(input: ClientCreateInput): Buffer | null {
  if (!input.imageData || !input.imageExtension) return null;
  return base64Bytes(input.imageData);
}

/**
 * Inserts the client and its care team (the caregivers of `caregiverList` and of the first session),
 * through `run`: on the connection of the transaction when the creation does more in it (lib/db/
 * prisma.ts, `transaction`), else runSql on its own; `image`: imageBytes of the input. 422 naming
 * each caregiver who is not a care provider of the clinic, and then nothing is stored. `now`: the
 * database's clock, read in the same statement, for the first sessions' default start.
 */
export async function insertClient(
  clinicId: number,
  input: ClientCreateInput,
  image: Buffer | null,
  run: RunSql,
): Promise<{ id: number; now: Date }> {
  const caregiverIds = [
    ...new Set([...(input.caregiverList ?? []), ...(input.session ? [input.session.caregiverId] : [])]),
  ];
  const q = insertClientQuery(clinicId, input, image, caregiverIds);
  const [row] = await run("insert-client", q);
  if (row?.id != null) return { id: row.id, now: new Date(row.now) };
  throw unknownCaregivers(input, new Set(row?.known ?? []));
}

function unknownCaregivers(input: ClientCreateInput, known: Set<number>): AppError {
  const errors: FieldError[] = [];
  (input.caregiverList ?? []).forEach((id, i) => {
    if (!known.has(id))
      errors.push({ path: `caregiverList.${i}`, message: `caregiver ${id} is not a care provider of the clinic` });
  });
  if (input.session && !known.has(input.session.caregiverId)) {
    errors.push({
      path: "session.caregiverId",
      message: `caregiver ${input.session.caregiverId} is not a care provider of the clinic`,
    });
  }
  const [first] = errors;
  return new AppError("unprocessable", first?.message ?? "a caregiver is not a care provider of the clinic", errors);
}
