import "server-only";
import type { ClinicScope, InstituteScope } from "@/lib/auth/scope";
import { resolveClinic } from "@/lib/clinics/resolve-clinic";
import { uniqueViolation } from "@/lib/db/errors";
import type { Tx } from "@/lib/db/prisma";
import { runIdempotent } from "@/lib/idempotency/run-idempotent";
import { AppError, conflict, type FieldError } from "@/lib/errors";
import type { CaregiverCreateInput } from "@/lib/schemas/caregiver";

/**
 * Adds a care provider to the caller's clinic (decisions.md, "Add a care provider"), in one
 * transaction. An email that is already a care provider of the clinic's institute adds that person
 * to this clinic: no second person, and the body's other fields do not change theirs (a clinic
 * does not rename or re-status someone other clinics also employ; that is PATCH's work). Already
 * in this clinic: 409. People of another institute are never looked at: the same email there is
 * another person.
 */
export async function createCaregiver(
  scope: ClinicScope | InstituteScope,
  input: CaregiverCreateInput,
  idempotencyKey: string | null,
): Promise<{ location: string }> {
  const clinicId = await resolveClinic(scope, input.clinicId ?? undefined);
  // Under the caller's optional key, a retry answers the first request's location; its claim is
  // rolled back with a lost race below, so the second run claims it again.
  const add = () =>
    runIdempotent(
      scope.accountId,
      idempotencyKey,
      { operation: "createCaregiver", body: input },
      {
        create: async (tx) => {
          const id = await addToClinic(tx, clinicId, input);
          return { location: `/caregiver/${id}`, value: null };
        },
        replay: () => Promise.resolve(null),
      },
    );
  try {
    return await add();
  } catch (e) {
    // Two requests for one email at once: neither saw the other's row, and the loser's insert
    // failed on the institute's unique email (or the clinic's membership), storing nothing. Run
    // again, it sees the winner's person and takes the path it would have taken one after the
    // other: adds them to this clinic, or 409 when the winner added them here.
    if (!uniqueViolation(e)) throw e;
  }
  try {
    return await add();
  } catch (e) {
    // The person existed on this run, so only their membership here can clash: a third request
    // added them to this clinic meanwhile.
    if (uniqueViolation(e)) throw alreadyHere();
    throw e;
  }
}

async function addToClinic(tx: Tx, clinicId: number, input: CaregiverCreateInput): Promise<number> {
  const { instituteId } = await tx.clinic.findUniqueOrThrow({
    where: { id: clinicId },
    select: { instituteId: true },
  });
  const email = input.email.toLowerCase();
  const existing = await tx.caregiver.findUnique({
    where: { instituteId_email: { instituteId, email } },
    select: { id: true, clinics: { where: { clinicId }, select: { clinicId: true } } },
  });
  if (existing?.clinics.length) throw alreadyHere();
  await checkClients(tx, clinicId, input.clientIds ?? []);
  const caregiverId =
    existing?.id ??
    (
      await tx.caregiver.create({
        data: {
          instituteId,
          name: input.name,
          email,
          mobile: input.mobile ?? null,
          position: input.position,
          language: input.language ?? "EN",
          activationStatus: input.activationStatus ?? "INVITED",
        },
        select: { id: true },
      })
    ).id;
  await tx.caregiverClinic.create({ data: { caregiverId, clinicId, instituteId }, select: { caregiverId: true } });
  if (input.clientIds?.length) {
    // In id order: each row's foreign key takes its client's row, and a removal from the clinic
    // locks the same clients in id order (lockClientsOfCaregiver); in the request's order
    // the two could deadlock.
    await tx.careTeamMember.createMany({
      data: input.clientIds.toSorted((a, b) => a - b).map((clientId) => ({ clientId, caregiverId })),
      skipDuplicates: true,
    });
  }
  return caregiverId;
}

const alreadyHere = () => conflict("a care provider with this email already works in the clinic", "email");

async function checkClients(tx: Tx, clinicId: number, ids: number[]) {
  if (!ids.length) return;
  const found = await tx.client.findMany({
    where: { clinicId, id: { in: ids }, erasedAt: null },
    select: { id: true },
  });
  const known = new Set(found.map((c) => c.id));
  const errors: FieldError[] = [];
  ids.forEach((id, i) => {
    if (!known.has(id)) errors.push({ path: `clientIds.${i}`, message: `client ${id} is not a client of the clinic` });
  });
  const [first] = errors;
  if (first) throw new AppError("unprocessable", first.message, errors);
}
