import { makeBook, makeCaregiver, makeClient, makeClinic, makeInstitute, makeStaff } from "@/lib/db/factories";
import type { PrismaClient } from "@/lib/generated/prisma/client";

/** A minimal clinic in any database (for tests that run their own PostgreSQL). */
export async function makeWorldIn(p: PrismaClient) {
  const u = Date.now().toString(36);
  const password = `pw-${u}`;
  const institute = await makeInstitute(p, { name: `Institute ${u}` });
  const clinic = await makeClinic(p, { name: `Clinic ${u}`, email: `c-${u}@x.test`, instituteId: institute.id });
  await makeStaff(p, { clinicId: clinic.id, name: "Staff", email: `s-${u}@x.test`, username: `staff-${u}`, password });
  const caregiver = await makeCaregiver(p, { clinicIds: [clinic.id], name: "Carer", email: `g-${u}@x.test` });
  const client = await makeClient(p, {
    clinicId: clinic.id,
    name: "Client",
    email: `k-${u}@x.test`,
    careTeam: [caregiver.id],
  });
  const book = await makeBook(p, { clinicId: clinic.id, name: "Book", modules: [{ name: "M1" }] });
  return {
    clinicId: clinic.id,
    caregiverId: caregiver.id,
    clientId: client.id,
    bookId: book.id,
    moduleId: book.modules[0]!.id,
    staffUsername: `staff-${u}`,
    password,
  };
}
