// The demo world of decisions.md. Created by `npm start` on the embedded database and by
// `npm run db:seed`, never otherwise. Its passwords are hashed as production hashes them (not with
// the factories' cheap test parameters): `db:seed` may run on any DATABASE_URL people sign in to,
// and the demo's sign-in should cost what production's does; seven hashes, once per database.
import { hashPassword } from "@/lib/auth/password";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import {
  makeBook,
  makeCaregiver,
  makeClient,
  makeClinic,
  makeDesignPlan,
  makeInstitute,
  makeSession,
  makeStaff,
  makeAccount,
} from "@/prisma/factories";

const DAY = 24 * 3600 * 1000;

/** The book's module at `i` as an assignment's book and module. */
function moduleOf(b: { id: number; name: string; modules: { id: number }[] }, i: number) {
  const m = b.modules[i];
  if (!m) throw new Error(`the demo book ${b.name} has no module ${i + 1}`);
  return { bookId: b.id, moduleId: m.id };
}

export const DEMO_SIGN_INS = [
  ["INSTITUTE", "demo-institute", "demo-institute-pass", "Demo Institute (apiKey demo-api-key)"],
  ["CLINIC", "demo-clinic", "demo-clinic-pass", "Demo Clinic staff"],
  ["CAREGIVER", "demo-caregiver", "demo-caregiver-pass", "Demo Clinic care provider"],
  ["CAREGIVER", "demo-therapist", "demo-therapist-pass", "Demo Clinic second care provider"],
  ["CLIENT", "demo-client", "demo-client-pass", "Demo Clinic client"],
  ["CLINIC", "other-clinic", "other-clinic-pass", "Second Clinic staff"],
  ["CAREGIVER", "other-caregiver", "other-caregiver-pass", "Second Clinic care provider"],
] as const;

/** The demo people as accounts of the local identity provider (same usernames and passwords). */
export const DEMO_IDP_ACCOUNTS = [
  { username: "demo-clinic", password: "demo-clinic-pass", email: "staff@demo.test", name: "Dana Clinic" },
  {
    username: "demo-caregiver",
    password: "demo-caregiver-pass",
    email: "caregiver@demo.test",
    name: "Casey Caregiver",
  },
  {
    username: "demo-therapist",
    password: "demo-therapist-pass",
    email: "therapist@demo.test",
    name: "Taylor Therapist",
  },
  { username: "demo-client", password: "demo-client-pass", email: "client@demo.test", name: "Alex Client" },
  { username: "other-clinic", password: "other-clinic-pass", email: "staff@second.test", name: "Sam Second" },
  {
    username: "other-caregiver",
    password: "other-caregiver-pass",
    email: "caregiver@second.test",
    name: "Morgan Other",
  },
];

/** Creates the demo world unless it exists; returns whether it created it. */
export async function seedDemo(p: PrismaClient, now = new Date()): Promise<boolean> {
  if (await p.account.findUnique({ where: { username: "demo-institute" }, select: { id: true } })) return false;
  await p.$transaction(
    async (tx) => {
      const t = tx as unknown as PrismaClient;
      const institute = await makeInstitute(t, {
        name: "Demo Institute",
        apiKey: "demo-api-key",
        allowProvisioning: true,
      });
      await makeAccount(
        t,
        {
          username: "demo-institute",
          password: "demo-institute-pass",
          role: "INSTITUTE",
          instituteId: institute.id,
        },
        hashPassword,
      );

      const demo = await makeClinic(t, { name: "Demo Clinic", email: "clinic@demo.test", instituteId: institute.id });
      await makeStaff(
        t,
        {
          clinicId: demo.id,
          name: "Dana Clinic",
          email: "staff@demo.test",
          username: "demo-clinic",
          password: "demo-clinic-pass",
        },
        hashPassword,
      );
      const cg = await makeCaregiver(
        t,
        {
          clinicIds: [demo.id],
          name: "Casey Caregiver",
          email: "caregiver@demo.test",
          position: "Psychologist",
          username: "demo-caregiver",
          password: "demo-caregiver-pass",
        },
        hashPassword,
      );
      const cg2 = await makeCaregiver(
        t,
        {
          clinicIds: [demo.id],
          name: "Taylor Therapist",
          email: "therapist@demo.test",
          position: "Psychotherapist",
          username: "demo-therapist",
          password: "demo-therapist-pass",
        },
        hashPassword,
      );
      // Added by the clinic, not signed up yet: the care providers page offers their invitation link.
      await makeCaregiver(t, {
        clinicIds: [demo.id],
        name: "Jordan Newcomer",
        email: "newcomer@demo.test",
        position: "Counsellor",
        activationStatus: "INVITED",
      });
      const client = await makeClient(
        t,
        {
          clinicId: demo.id,
          name: "Alex Client",
          email: "client@demo.test",
          externalClientId: "DEMO-001",
          careTeam: [cg.id, cg2.id],
          username: "demo-client",
          password: "demo-client-pass",
        },
        hashPassword,
      );
      const client2 = await makeClient(t, {
        clinicId: demo.id,
        name: "Jordan Example",
        email: "jordan@demo.test",
        externalClientId: "DEMO-002",
        careTeam: [cg.id],
      });
      const plan = await makeDesignPlan(t, {
        clinicId: demo.id,
        name: "Anxiety programme (8 weeks)",
        description: "Psycho-education, exposure and relapse prevention.",
      });
      await makeDesignPlan(t, {
        clinicId: demo.id,
        name: "Sleep programme (6 weeks)",
        description: "Sleep hygiene and restriction.",
      });
      const b1 = await makeBook(t, {
        clinicId: demo.id,
        name: "Understanding anxiety",
        modules: [
          { name: "What is anxiety?" },
          { name: "The anxiety cycle" },
          { name: "Anxiety self-test", isTest: true },
        ],
      });
      const b2 = await makeBook(t, {
        clinicId: demo.id,
        name: "Facing your fears",
        modules: [
          { name: "Building a fear ladder" },
          { name: "First exposure" },
          { name: "Reflection" },
          { name: "Progress test", isTest: true },
        ],
      });
      const b3 = await makeBook(t, {
        clinicId: demo.id,
        name: "Better sleep",
        modules: [{ name: "Sleep diary" }, { name: "Sleep quiz", isTest: true }],
      });
      const m = moduleOf;

      await makeSession(t, {
        clinicId: demo.id,
        clientId: client.id,
        caregiverId: cg.id,
        designPlanId: plan.id,
        title: "Week 1: Understanding anxiety",
        startAt: new Date(now.getTime() - 15 * DAY),
        closed: true,
        sessionFeedback: "A good start: Alex completed every module.",
        assignments: [
          { ...m(b1, 0), status: "COMPLETE", feedbackStatus: "GIVEN" },
          { ...m(b1, 1), status: "COMPLETE", feedbackStatus: "GIVEN" },
          { ...m(b1, 2), status: "COMPLETE", feedbackStatus: "GIVEN", score: 14 },
        ],
      });
      await makeSession(t, {
        clinicId: demo.id,
        clientId: client.id,
        caregiverId: cg.id,
        designPlanId: plan.id,
        title: "Week 2: Facing your fears",
        startAt: new Date(now.getTime() - 3 * DAY),
        remindDays: 3,
        assignments: [
          { ...m(b2, 0), status: "COMPLETE", feedbackStatus: "GIVEN" },
          { ...m(b2, 1), status: "COMPLETE", feedbackStatus: "WAITING" },
          { ...m(b2, 2), status: "IN_PROGRESS" },
          { ...m(b2, 3), status: "COMPLETE", feedbackStatus: "WAITING", score: 9.5 },
          { ...m(b3, 0), status: "PENDING" },
        ],
      });
      await makeSession(t, {
        clinicId: demo.id,
        clientId: client.id,
        caregiverId: cg.id,
        designPlanId: plan.id,
        title: "Week 3: Relapse prevention",
        startAt: new Date(now.getTime() + 4 * DAY),
        remindDays: 2,
        assignments: [{ ...m(b3, 0) }, { ...m(b3, 1) }],
      });
      await makeSession(t, {
        clinicId: demo.id,
        clientId: client2.id,
        caregiverId: cg.id,
        title: "Sleep week 1",
        startAt: new Date(now.getTime() - 1 * DAY),
        assignments: [
          { ...m(b3, 0), status: "IN_PROGRESS" },
          { ...m(b3, 1), status: "COMPLETE", score: 7 },
        ],
      });

      const second = await makeClinic(t, {
        name: "Second Clinic",
        email: "second@demo.test",
        instituteId: institute.id,
      });
      await makeStaff(
        t,
        {
          clinicId: second.id,
          name: "Sam Second",
          email: "staff@second.test",
          username: "other-clinic",
          password: "other-clinic-pass",
        },
        hashPassword,
      );
      const ocg = await makeCaregiver(
        t,
        {
          clinicIds: [second.id],
          name: "Morgan Other",
          email: "caregiver@second.test",
          position: "Social worker",
          username: "other-caregiver",
          password: "other-caregiver-pass",
        },
        hashPassword,
      );
      const oclient = await makeClient(t, {
        clinicId: second.id,
        name: "Riley Second",
        email: "riley@second.test",
        careTeam: [ocg.id],
      });
      await makeDesignPlan(t, { clinicId: second.id, name: "Stress programme" });
      const ob = await makeBook(t, {
        clinicId: second.id,
        name: "Managing stress",
        modules: [{ name: "Stress signals" }, { name: "Stress scale", isTest: true }],
      });
      await makeSession(t, {
        clinicId: second.id,
        clientId: oclient.id,
        caregiverId: ocg.id,
        title: "Stress week 1",
        startAt: new Date(now.getTime() - 2 * DAY),
        assignments: [{ ...moduleOf(ob, 0), status: "COMPLETE" }, moduleOf(ob, 1)],
      });
    },
    { timeout: 60_000 },
  );
  return true;
}

export function printDemoSignIns(baseUrl: string) {
  console.log(`\nDemo sign-ins (web pages at ${baseUrl}, API token at ${baseUrl}/gateway/uaa/oauth/token):`);
  for (const [role, user, pass, what] of DEMO_SIGN_INS)
    console.log(`  ${role.padEnd(10)} ${user.padEnd(16)} ${pass.padEnd(22)} ${what}`);
  console.log("");
}
