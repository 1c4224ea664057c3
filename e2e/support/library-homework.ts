import { makeSession } from "@/prisma/factories";
import { db, type makeClinicWorld } from "./fixtures";

type ClinicWorld = Awaited<ReturnType<typeof makeClinicWorld>>;

/**
 * A new session of the world's client with its caregiver, starting now, holding one assignment of
 * the clinic's copy of a library module (`phq-9`, `sleep-diary`…); its ids.
 */
export async function libraryHomework(w: ClinicWorld, libraryKey: string, title: string) {
  const copy = await db.module.findFirstOrThrow({
    where: { libraryKey, book: { clinicId: w.clinic.id } },
    select: { id: true, bookId: true },
  });
  const s = await makeSession(db, {
    clinicId: w.clinic.id,
    clientId: w.client.id,
    caregiverId: w.carer.id,
    title: `${title} ${w.u}`,
    startAt: new Date(),
    assignments: [{ bookId: copy.bookId, moduleId: copy.id }],
  });
  const assignmentId = s.assignmentIds[0];
  if (assignmentId === undefined) throw new Error("no assignment made");
  return { sessionId: s.id, assignmentId };
}
