import "server-only";
import type { ClinicScope, InstituteScope } from "@/lib/auth/scope";
import { resolveClinic } from "@/lib/clinics/resolve-clinic";
import { uniqueViolation, violates } from "@/lib/db/errors";
import type { Tx } from "@/lib/db/prisma";
import { AppError, conflict, type FieldError } from "@/lib/errors";
import { runIdempotent } from "@/lib/idempotency/run-idempotent";
import { randomId } from "@/lib/ids";
import type { ClientCreateInput } from "@/lib/schemas/client";
import { MIME_OF, cleanBase64 } from "@/lib/schemas/image";
import { createSessions } from "@/lib/sessions/create-sessions";

export type CreatedClient = { id: number; location: string; replayed: boolean };

type Options = { offset: number; idempotencyKey?: string | null; now?: Date };

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
  const clinicId = await resolveClinic(scope, input.clinicId);
  try {
    const done = await runIdempotent(scope.accountId, opts.idempotencyKey ?? null, input, {
      create: async (tx) => {
        const id = await insertClient(tx, clinicId, input, opts);
        return { location: `/client/${id}`, value: id };
      },
      replay: (location) => Promise.resolve(Number(location.split("/").pop())),
    });
    return { id: done.value, location: done.location, replayed: done.replayed };
  } catch (e) {
    const v = uniqueViolation(e);
    if (violates(v, "externalClientId"))
      throw conflict("a client with this externalClientId already exists in the clinic", "externalClientId");
    if (violates(v, "email")) throw conflict("a client with this email already exists in the clinic", "email");
    throw e;
  }
}

async function insertClient(tx: Tx, clinicId: number, input: ClientCreateInput, opts: Options): Promise<number> {
  const caregiverIds = [
    ...new Set([...(input.caregiverList ?? []), ...(input.session ? [input.session.caregiverId] : [])]),
  ];
  await checkCaregivers(tx, clinicId, caregiverIds, input);
  const image =
    input.imageData && input.imageExtension ? Buffer.from(cleanBase64(input.imageData) ?? "", "base64") : null;
  const client = await tx.client.create({
    data: {
      clinicId,
      opptId: randomId(16),
      externalClientId: input.externalClientId ?? null,
      name: input.name,
      email: input.email.toLowerCase(),
      mobile: input.mobile ?? null,
      language: input.language ?? "EN",
      status: input.status ?? "ACTIVE",
      fromCpm: input.fromCpm ?? false,
      image,
      imageType: input.imageExtension ? MIME_OF[input.imageExtension] : null,
    },
    select: { id: true },
  });
  if (caregiverIds.length) {
    await tx.careTeamMember.createMany({
      data: caregiverIds.map((caregiverId) => ({ clientId: client.id, caregiverId })),
    });
  }
  if (input.session) {
    await createSessions(tx, {
      clinicId,
      clientId: client.id,
      request: input.session,
      offset: opts.offset,
      now: opts.now ?? new Date(),
    });
  }
  return client.id;
}

async function checkCaregivers(tx: Tx, clinicId: number, ids: number[], input: ClientCreateInput) {
  if (!ids.length) return;
  const found = await tx.caregiverClinic.findMany({
    where: { clinicId, caregiverId: { in: ids } },
    select: { caregiverId: true },
  });
  const known = new Set(found.map((f) => f.caregiverId));
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
  if (first) throw new AppError("unprocessable", first.message, errors);
}
