// The demo world of decisions.md. Created by `npm start` on the embedded database and by
// `npm run db:seed`, never otherwise. Its passwords are hashed as production hashes them (not with
// the factories' cheap test parameters): `db:seed` may run on any DATABASE_URL people sign in to,
// and the demo's sign-in should cost what production's does; seven hashes, once per database.
import { hashPassword } from "@/lib/auth/password";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { type Homework, libraryCopies, writeHomework, writeTakenBackAlert } from "@/prisma/demo-homework";
import {
  ALEX_GAD7,
  ALEX_PHQ9,
  JORDAN_PHQ9,
  alexActivities,
  alexAnxiety,
  alexExposure,
  alexFearLadder,
  alexHomeworkPlan,
  alexThoughtRecord,
  alexThoughtRecordInProgress,
  alexValues,
  jordanSleep,
  jordanSleepInProgress,
  rileyPlan,
} from "@/prisma/demo-story";
import {
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

/** Week n's item values (1 for the first). */
function at(weeks: number[][], n: number): number[] {
  const items = weeks[n - 1];
  if (!items) throw new Error(`the demo story has no week ${n}`);
  return items;
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

      const demo = await makeClinic(t, {
        name: "Demo Clinic",
        email: "clinic@demo.test",
        instituteId: institute.id,
        // The demo has clients in both languages, so the clinic writes it in both (docs/crisis-contact.md).
        crisisContact:
          "Evenings and weekends: Demo Clinic's on-call line, 555 0100.\nSoirs et fins de semaine : la ligne de garde de Demo Clinic, 555 0100.",
      });
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
      // Finished with the clinic: the client list's "Inactive" choice has someone to find.
      await makeClient(t, {
        clinicId: demo.id,
        name: "Morgan Former",
        email: "morgan@demo.test",
        externalClientId: "DEMO-003",
        status: "INACTIVE",
        careTeam: [cg2.id],
      });
      // The clinic starts with its copy of the library (makeClinic); the demo's homework is made of it.
      const lib = await libraryCopies(t, demo.id);
      const libraryBooks = await t.book.findMany({
        where: { clinicId: demo.id, libraryKey: { not: null } },
        select: { id: true, libraryKey: true },
      });
      const bookOf = (key: string) => {
        const b = libraryBooks.find((x) => x.libraryKey === key);
        if (!b) throw new Error(`the demo clinic has no copy of the book ${key}`);
        return b.id;
      };
      /** A design plan whose week k assigns the books of weeks[k - 1]. */
      const programme = async (d: { name: string; nameFr: string; description: string }, weeks: string[][]) => {
        const made = await makeDesignPlan(t, { clinicId: demo.id, ...d });
        await t.designPlanWeek.createMany({
          data: weeks.flatMap((keys, i) =>
            keys.map((key, position) => ({ designPlanId: made.id, week: i + 1, position, bookId: bookOf(key) })),
          ),
        });
        return made;
      };
      const measured = (key: string) => [key, "measures-depression-anxiety"];
      const plan = await programme(
        {
          name: "Depression and anxiety programme (9 weeks)",
          nameFr: "Programme dépression et anxiété (9 semaines)",
          description: "Weekly PHQ-9 and GAD-7; thoughts, activation, exposure and relapse prevention.",
        },
        [
          "getting-started",
          "thoughts",
          "behavioural-activation",
          "behavioural-activation",
          "anxiety-exposure",
          "anxiety-exposure",
          "anxiety-exposure",
          "thoughts",
          "staying-well",
        ].map(measured),
      );
      const sleepPlan = await programme(
        {
          name: "Sleep programme (6 weeks)",
          nameFr: "Programme sommeil (6 semaines)",
          description: "A nightly sleep diary, with wellbeing measured each week.",
        },
        Array.from({ length: 6 }, () => ["sleep", "measures-wellbeing"]),
      );

      // Alex: eight weekly sessions, seven closed and this week's running, and next week's planned.
      const weekStart = (n: number) => new Date(now.getTime() - ((8 - n) * 7 + 3) * DAY);
      const measures = (n: number, feedback?: [string, string]): Homework[] => [
        {
          module: "phq-9",
          status: "COMPLETE",
          items: at(ALEX_PHQ9, n),
          feedback: feedback?.[0],
          submittedAfterDays: 1,
        },
        {
          module: "gad-7",
          status: "COMPLETE",
          items: at(ALEX_GAD7, n),
          feedback: feedback?.[1],
          submittedAfterDays: 1.01,
        },
      ];
      const alexWeeks: { title: string; feedback: string; homework: (start: Date) => Homework[] }[] = [
        {
          title: "Week 1: Getting started",
          feedback: "A good start: Alex set clear goals and completed both questionnaires.",
          homework: () => [
            {
              module: "how-cbt-homework-works",
              status: "COMPLETE",
              answers: alexHomeworkPlan(),
              feedback: "Clear goals. Sunday and Wednesday sound realistic; we will keep the tasks short at first.",
            },
            ...measures(1, [
              "PHQ-9 in the moderately severe range, no thoughts of self-harm. This is our baseline.",
              "GAD-7 moderate: worry and tension most days.",
            ]),
          ],
        },
        {
          title: "Week 2: Thoughts and feelings",
          feedback: "Alex caught a key thought about being judged at work.",
          homework: (start) => [
            {
              module: "thought-record",
              status: "COMPLETE",
              answers: alexThoughtRecord(start),
              feedback:
                "Excellent record. You spotted mind reading and looked for real evidence: notice how much the shame dropped.",
            },
            ...measures(2, ["Slightly lower than last week.", "Much the same as last week."]),
          ],
        },
        {
          title: "Week 3: What matters to you",
          feedback: "Values work: friendships and contributing at work stand out.",
          homework: (start) => [
            {
              module: "values",
              status: "COMPLETE",
              answers: alexValues(start),
              feedback: "Lovely small step. Let us plan more like it next week.",
            },
            ...measures(3, ["Moving in the right direction.", "A little lower."]),
          ],
        },
        {
          title: "Week 4: Activity scheduling",
          feedback: "Four of five planned activities done; mood lifts after activity.",
          homework: (start) => [
            {
              module: "activity-scheduling",
              status: "COMPLETE",
              answers: alexActivities(start),
              feedback: "Mood from 3 to 6 after the walk: this is exactly the link we are looking for.",
            },
            ...measures(4, ["Now in the moderate range.", "Worry is easing."]),
          ],
        },
        {
          title: "Week 5: How anxiety works",
          feedback: "Avoidance at work mapped out; ready to build a fear ladder.",
          homework: () => [
            {
              module: "how-anxiety-works",
              status: "COMPLETE",
              answers: alexAnxiety(),
              feedback: "Rehearsing and staying quiet are safety behaviours: we will work on them step by step.",
            },
            ...measures(5, ["Steady improvement.", "Mild to moderate now."]),
          ],
        },
        {
          title: "Week 6: Fear ladder",
          feedback: "A well-graded ladder of six steps.",
          homework: (start) => [
            {
              module: "fear-ladder",
              status: "COMPLETE",
              answers: alexFearLadder(start),
              feedback: "Good spacing between the steps. Start with step 1 and repeat it until it feels easy.",
            },
            ...measures(6, ["Now in the mild range.", "Mild."]),
          ],
        },
        {
          title: "Week 7: Facing fears",
          feedback: "First exposure done: the feared outcome did not happen.",
          homework: (start) => [
            {
              module: "exposure-practice",
              status: "COMPLETE",
              answers: alexExposure(start, 7),
              feedback: "Your prediction did not come true and the distress fell from 60 to 20. Time for step 2.",
            },
            ...measures(7, ["Mild and still improving.", "Mild."]),
          ],
        },
      ];
      for (const [i, w] of alexWeeks.entries()) {
        const startAt = weekStart(i + 1);
        const s = await makeSession(t, {
          clinicId: demo.id,
          clientId: client.id,
          caregiverId: cg.id,
          designPlanId: plan.id,
          title: w.title,
          startAt,
          closed: true,
          sessionFeedback: w.feedback,
        });
        await writeHomework(t, lib, { id: s.id, startAt, caregiverId: cg.id }, w.homework(startAt));
      }
      // This week: every status and feedback status (PHQ-9 and GAD-7 submitted, waiting for feedback).
      const thisWeek = weekStart(8);
      const running = await makeSession(t, {
        clinicId: demo.id,
        clientId: client.id,
        caregiverId: cg.id,
        designPlanId: plan.id,
        title: "Week 8: Practice and progress",
        startAt: thisWeek,
        remindDays: 3,
      });
      await writeHomework(t, lib, { id: running.id, startAt: thisWeek, caregiverId: cg.id }, [
        {
          module: "exposure-practice",
          status: "COMPLETE",
          answers: alexExposure(thisWeek, 8),
          feedback: "You coped with going blank for a moment: that is the learning. Repeat this step once more.",
        },
        ...measures(8),
        { module: "thought-record", status: "IN_PROGRESS", answers: alexThoughtRecordInProgress(thisWeek) },
        { module: "activity-scheduling" },
      ]);
      // This week's PHQ-9: item 9 saved at "several days", then submitted at 0 before anyone
      // looked; the care team was told, and it waits for a review ("saved before the submit").
      await writeTakenBackAlert(t, lib, running.id, "phq-9", { item9: 1 });
      await writeConversation(t, running.id, now);
      const nextWeek = weekStart(9);
      const future = await makeSession(t, {
        clinicId: demo.id,
        clientId: client.id,
        caregiverId: cg.id,
        designPlanId: plan.id,
        title: "Week 9: Staying well",
        startAt: nextWeek,
        remindDays: 2,
      });
      await writeHomework(t, lib, { id: future.id, startAt: nextWeek, caregiverId: cg.id }, [
        { module: "relapse-prevention" },
        { module: "phq-9" },
        { module: "gad-7" },
      ]);

      // Jordan: low mood getting worse; this week's PHQ-9 raises the item-9 alert.
      for (const [i, title] of [
        "Sleep and mood, week 1",
        "Sleep and mood, week 2",
        "Sleep and mood, week 3",
      ].entries()) {
        const startAt = new Date(now.getTime() - ((2 - i) * 7 + 2) * DAY);
        const closed = i < 2;
        const s = await makeSession(t, {
          clinicId: demo.id,
          clientId: client2.id,
          caregiverId: cg.id,
          designPlanId: sleepPlan.id,
          title,
          startAt,
          closed,
          sessionFeedback: closed ? "Sleep still broken; mood lower. Reviewed the diary together." : undefined,
        });
        await writeHomework(
          t,
          lib,
          { id: s.id, startAt, caregiverId: cg.id },
          closed
            ? [
                {
                  module: "sleep-diary",
                  status: "COMPLETE",
                  answers: jordanSleep(startAt, i === 0 ? "poor" : "very_poor"),
                  feedback: "Thank you. Long time awake in bed: we will look at getting up when you cannot sleep.",
                },
                {
                  module: "phq-9",
                  status: "COMPLETE",
                  items: at(JORDAN_PHQ9, i + 1),
                  feedback: "Moderate, a little higher than before. No thoughts of self-harm reported.",
                },
              ]
            : [
                { module: "phq-9", status: "COMPLETE", items: at(JORDAN_PHQ9, 3) },
                { module: "sleep-diary", status: "IN_PROGRESS", answers: jordanSleepInProgress(startAt) },
                { module: "gad-7" },
              ],
        );
      }

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
      const secondLib = await libraryCopies(t, second.id);
      const riley = new Date(now.getTime() - 2 * DAY);
      const rs = await makeSession(t, {
        clinicId: second.id,
        clientId: oclient.id,
        caregiverId: ocg.id,
        title: "Stress week 1",
        startAt: riley,
      });
      await writeHomework(t, secondLib, { id: rs.id, startAt: riley, caregiverId: ocg.id }, [
        { module: "how-cbt-homework-works", status: "COMPLETE", answers: rileyPlan() },
        { module: "who-5", status: "COMPLETE", items: [3, 2, 3, 2, 3] },
        { module: "thought-record" },
      ]);
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

/**
 * This week's conversation of Alex's session and a document from the caregiver: the client has one
 * message unread, so the demo shows the unread badge.
 */
async function writeConversation(t: PrismaClient, sessionId: number, now: Date) {
  const account = async (username: string) =>
    (await t.account.findUniqueOrThrow({ where: { username }, select: { id: true } })).id;
  const carer = await account("demo-caregiver");
  const alex = await account("demo-client");
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3600_000);
  const said: [number, string, number][] = [
    [carer, "Hi Alex, your questionnaires for this week are in. How did the exposure step feel?", 26],
    [alex, "Hard at first, easier the second time. I am still working on the thought record.", 20],
    [carer, "That is how it should go. Take your time with the thought record; we will look at it together.", 3],
  ];
  const ids: number[] = [];
  for (const [authorAccountId, text, h] of said) {
    const m = await t.message.create({ data: { sessionId, authorAccountId, text, createdAt: hoursAgo(h) } });
    ids.push(m.id);
  }
  await t.messageRead.createMany({
    data: [
      { sessionId, accountId: carer, lastReadMessageId: ids[2] ?? 0 },
      { sessionId, accountId: alex, lastReadMessageId: ids[1] ?? 0 },
    ],
  });
  await t.document.create({
    data: {
      sessionId,
      name: "Exposure ladder - week 8.pdf",
      contentType: "application/pdf",
      size: DEMO_PDF.length,
      data: DEMO_PDF,
      uploadedByAccountId: carer,
      createdAt: hoursAgo(25),
    },
  });
}

/** A one-page PDF that says what it is. */
const DEMO_PDF = Buffer.from(
  [
    "%PDF-1.4",
    "1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj",
    "2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj",
    "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj",
    "4 0 obj<</Length 62>>stream",
    "BT /F1 18 Tf 72 770 Td (Exposure ladder: week 8 steps) Tj ET",
    "endstream endobj",
    "5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj",
    "trailer<</Root 1 0 R>>",
    "%%EOF",
    "",
  ].join("\n"),
  "latin1",
);
