import "server-only";
import type { ClinicScope, InstituteScope } from "@/lib/auth/scope";
import { resolveClinic } from "@/lib/clinics/resolve-clinic";
import { duplicateClientConflict } from "@/lib/clients/duplicate-client";
import { imageBytes, insertClient } from "@/lib/clients/insert-client";
import { replayId, runIdempotent } from "@/lib/idempotency/run-idempotent";
import { runSql } from "@/lib/db/sql";
import type { ClientCreateInput } from "@/lib/schemas/client";
import { createSessions, sessionStartOf } from "@/lib/sessions/create-sessions";
import type { LocalClock } from "@/lib/local-clock";

export type CreatedClient = { id: number; location: string; replayed: boolean };

type Options = LocalClock & { idempotencyKey?: string | null };

/**
 * Creates a client of the caller's clinic with its care team and, optionally, its first sessions
 * and their homework: all in one transaction, so on any error nothing is stored. A retry with the
 * same Idempotency-Key and body returns the first result without creating anything.
 */
export async function createClient(
  scope: ClinicScope | InstituteScope,
  input: ClientCreateInput,
  opts: Options,
): Promise<CreatedClient> {
  const image = imageBytes(input);
  const clinicId = await resolveClinic(scope, input.clinicId);
  try {
    // Without a key or sessions, the one statement is the whole creation and needs no transaction.
    if (!opts.idempotencyKey && !input.session) {
      const { id } = await insertClient(clinicId, input, image, runSql);
      return { id, location: `/client/${id}`, replayed: false };
    }
    const done = await runIdempotent(
      scope.accountId,
      opts.idempotencyKey ?? null,
      { operation: "createClient", body: input },
      {
        create: async (tx, run) => {
          const { id, now } = await insertClient(clinicId, input, image, run);
          if (input.session) {
            await createSessions(tx, {
              clinicId,
              clientId: id,
              language: input.language ?? "EN",
              request: input.session,
              start: sessionStartOf(input.session, opts, now),
              clock: opts,
              now,
            });
          }
          return { location: `/client/${id}`, value: id };
        },
        replay: replayId,
      },
    );
    return { id: done.value, location: done.location, replayed: done.replayed };
  } catch (e) {
    throw (await duplicateClientConflict(e, scope, clinicId, input)) ?? e;
  }
}
