import { makeCaregiver, makeClinic, makeStaff } from "@/prisma/factories";
import { db, login, uid, type World } from "./world";

/**
 * A second clinic of the world's institute, with staff and a care provider of its own who sign in:
 * the neighbours a clinic's data must stay hidden from.
 */
export async function siblingClinic(w: World) {
  const u = uid();
  const clinic = await makeClinic(db, {
    name: `Sibling ${u}`,
    email: `sib-${u}@test.test`,
    instituteId: w.institute.id,
  });
  await makeStaff(db, {
    clinicId: clinic.id,
    name: "Sibling Staff",
    email: `sib-staff-${u}@test.test`,
    username: `sibstaff-${u}`,
    password: w.password,
  });
  const carer = await makeCaregiver(db, {
    clinicIds: [clinic.id],
    name: "Sibling Carer",
    email: `sib-carer-${u}@test.test`,
    username: `sibcarer-${u}`,
    password: w.password,
  });
  return {
    clinic,
    staffToken: await login(`sibstaff-${u}`, w.password),
    carer: { id: carer.id, token: await login(`sibcarer-${u}`, w.password) },
  };
}
