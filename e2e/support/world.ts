// The one builder of test worlds, for the API, in-process domain, browser and fault tests and the
// benchmark. Each world is an institute of its own with unique names, made through the factories
// (cheap password hashes), so tests run side by side on one database and nothing is truncated.
import { requireRole, type Scope, type ScopeOf, type ScopeRow, scopeOfRow, selectScope } from "@/lib/auth/scope";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { Role } from "@/lib/generated/prisma/enums";
import type { ModuleDefinitionT } from "@/lib/schemas/module-definition";
import {
  makeAccount,
  makeBook,
  makeCaregiver,
  makeClient,
  makeClinic,
  makeDesignPlan,
  makeInstitute,
  makeSession,
  makeStaff,
} from "@/prisma/factories";

let counter = 0;
/** A suffix no other test process or test makes: names, emails and usernames end with it. */
export const uid = () => `${process.pid.toString(36)}${Date.now().toString(36)}${(counter++).toString(36)}`;

const DAY = 24 * 3600 * 1000;

type Module = { name: string; isTest?: boolean; definition?: ModuleDefinitionT };

/**
 * What the world's exercises ask: `q1` a long text (required), `q2` a short text and `q3` a
 * number from 0 to 10 (both optional).
 */
export const EXERCISE: ModuleDefinitionT = {
  blocks: [
    {
      type: "text",
      body: { en: "Take a few minutes for this exercise.", fr: "Prenez quelques minutes pour cet exercice." },
    },
    {
      type: "longText",
      key: "q1",
      label: { en: "What did you notice this week?", fr: "Qu'avez-vous remarqué cette semaine ?" },
      required: true,
      maxLength: 5000,
    },
    {
      type: "shortText",
      key: "q2",
      label: { en: "One word for this week", fr: "Un mot pour cette semaine" },
      required: false,
      maxLength: 200,
    },
    {
      type: "number",
      key: "q3",
      label: { en: "How helpful was it (0–10)?", fr: "À quel point était-ce utile (0–10) ?" },
      required: false,
      min: 0,
      max: 10,
      step: 1,
    },
  ],
};

/**
 * What the world's tests ask and how they score: `q1` and `q2` scales from 0 to 10 (required),
 * summed (0–20: 0–9 "Low", 10–20 "High"); `q2` above 8 raises an alert.
 */
export const QUIZ: ModuleDefinitionT = {
  blocks: (["q1", "q2"] as const).map((key, i) => ({
    type: "scale" as const,
    key,
    label: { en: `Item ${i + 1}`, fr: `Item ${i + 1}` },
    required: true,
    points: Array.from({ length: 11 }, (_, value) => ({ value, label: { en: String(value) } })),
  })),
  scoring: {
    items: ["q1", "q2"],
    reverse: [],
    multiplier: 1,
    range: { min: 0, max: 20 },
    subscales: [],
    bands: [
      { min: 0, max: 9, label: { en: "Low", fr: "Bas" } },
      { min: 10, max: 20, label: { en: "High", fr: "Élevé" } },
    ],
    alerts: [
      { question: "q2", above: 8, urgent: true, message: { en: "Item 2 is very high", fr: "L'item 2 est très élevé" } },
    ],
  },
};

const exercise = (name: string): Module => ({ name, definition: EXERCISE });
const quiz = (name: string): Module => ({ name, isTest: true, definition: QUIZ });

/**
 * The words and numbers of a world that tests assert on. Each book's third module (if any) is a
 * test; the modules ask EXERCISE, tests QUIZ; the session has one assignment in every state.
 */
export type Cast = {
  names: Record<"institute" | "clinic" | "staff" | "carer" | "outsider" | "client" | "plan" | "session", string>;
  book: { name: string; modules: [Module, Module, Module] };
  book2: { name: string; modules: [Module, ...Module[]] };
  session: {
    daysAgo: number;
    description?: string;
    testScore: number;
    /** Days after the start at which the two completed assignments were submitted. */
    submittedAfterDays?: [number, number];
    feedback?: string;
  };
};

/** Plain names: the API tests' world. */
export const PLAIN: Cast = {
  names: {
    institute: "Institute",
    clinic: "Clinic",
    staff: "Staff",
    carer: "Carer",
    outsider: "Outsider",
    client: "Client",
    plan: "Plan",
    session: "Session",
  },
  book: { name: "Book", modules: [exercise("Intro"), exercise("Practice"), quiz("Test")] },
  book2: { name: "Book2", modules: [exercise("Diary"), quiz("Quiz")] },
  session: {
    daysAgo: 2,
    description: "Week one",
    testScore: 12.5,
    submittedAfterDays: [0.5, 1],
    feedback: "Good week",
  },
};

/** People's names and a programme's words: the browser tests' world, as a person reads it on pages. */
export const STORY: Cast = {
  names: {
    institute: "E2E Institute",
    clinic: "E2E Clinic",
    staff: "Sam Staff",
    carer: "Casey Carer",
    outsider: "Oakley Outsider",
    client: "Robin Client",
    plan: "Anxiety plan",
    session: "Week 1",
  },
  book: {
    name: "Understanding anxiety",
    modules: [exercise("What is anxiety?"), exercise("Anxiety cycle"), quiz("Self-test")],
  },
  book2: { name: "Better sleep", modules: [exercise("Sleep diary")] },
  session: { daysAgo: 3, testScore: 12 },
};

export type WorldOptions = {
  cast?: Cast;
  /** The institute's identity provider (the browser tests' web sign-in goes through it). */
  idpIssuer?: string;
  /** The suffix of every name (default: a fresh `uid()`). */
  u?: string;
};

/** Someone with a sign-in: username `<who>-<u>`, the world's password. */
export type Person = { id: number; name: string; email: string; username: string; password: string };
export type Who = "inst" | "staff" | "carer" | "outsider" | "client";
/** The role of each person of a world, so a test's scope is as narrow as the lib function it calls. */
const ROLE_OF = {
  inst: "INSTITUTE",
  staff: "CLINIC",
  carer: "CAREGIVER",
  outsider: "CAREGIVER",
  client: "CLIENT",
} as const satisfies Record<Who, Role>;

/**
 * The people of a clinic of its own institute, each with a sign-in: the institute's API user
 * (`inst`), the clinic's staff, a caregiver on the client's care team (`carer`), a caregiver of the
 * same clinic who is not (`outsider`), and the client.
 */
export async function buildPeople(db: PrismaClient, opts: WorldOptions = {}) {
  const { names } = opts.cast ?? PLAIN;
  const u = opts.u ?? uid();
  const password = `pw-${u}`;
  const person = (who: Who, name: string) => ({
    name: `${name} ${u}`,
    email: `${who}-${u}@test.test`,
    username: `${who}-${u}`,
    password,
  });
  const institute = await makeInstitute(db, { name: `${names.institute} ${u}`, idpIssuer: opts.idpIssuer });
  await makeAccount(db, { username: `inst-${u}`, password, role: "INSTITUTE", instituteId: institute.id });
  const clinic = await makeClinic(db, {
    name: `${names.clinic} ${u}`,
    email: `clinic-${u}@test.test`,
    instituteId: institute.id,
  });
  const staffSpec = person("staff", names.staff);
  const staff = { ...(await makeStaff(db, { clinicId: clinic.id, ...staffSpec })), ...staffSpec };
  const carerSpec = person("carer", names.carer);
  const carer = {
    ...(await makeCaregiver(db, { clinicIds: [clinic.id], position: "Psychologist", ...carerSpec })),
    ...carerSpec,
  };
  const outsiderSpec = person("outsider", names.outsider);
  const outsider = {
    ...(await makeCaregiver(db, { clinicIds: [clinic.id], position: "Nurse", ...outsiderSpec })),
    ...outsiderSpec,
  };
  const clientSpec = person("client", names.client);
  const client = {
    ...(await makeClient(db, {
      clinicId: clinic.id,
      externalClientId: `EXT-${u}`,
      careTeam: [carer.id],
      ...clientSpec,
    })),
    ...clientSpec,
  };
  return {
    u,
    password,
    institute,
    clinic,
    staff: staff satisfies Person,
    carer: carer satisfies Person,
    /** The same person as `carer`. */
    caregiver: carer satisfies Person,
    outsider: outsider satisfies Person,
    client: client satisfies Person,
    /** The caller's Scope as the product loads it for this person's account. */
    scope: <W extends Who>(who: W) => scopeOf(db, `${who}-${u}`, ROLE_OF[who]),
  };
}

export type People = Awaited<ReturnType<typeof buildPeople>>;

/**
 * buildPeople, and the clinic's design plan, two books (the first with a test as its third
 * module) and a running session of the client with the carer: one assignment complete with
 * feedback given, one in progress, the test complete and waiting for feedback, one pending.
 */
export async function buildWorld(db: PrismaClient, opts: WorldOptions = {}) {
  const cast = opts.cast ?? PLAIN;
  const people = await buildPeople(db, opts);
  const { u, clinic, client, carer } = people;
  const plan = await makeDesignPlan(db, { clinicId: clinic.id, name: `${cast.names.plan} ${u}` });
  const book = await makeBook(db, { clinicId: clinic.id, name: `${cast.book.name} ${u}`, modules: cast.book.modules });
  const book2 = await makeBook(db, {
    clinicId: clinic.id,
    name: `${cast.book2.name} ${u}`,
    modules: cast.book2.modules,
  });
  const moduleOf = (b: typeof book, i: number) => {
    const m = b.modules[i];
    if (!m) throw new Error(`book ${b.name} has no module ${i + 1}`);
    return { bookId: b.id, moduleId: m.id };
  };
  const s = cast.session;
  const session = await makeSession(db, {
    clinicId: clinic.id,
    clientId: client.id,
    caregiverId: carer.id,
    designPlanId: plan.id,
    title: `${cast.names.session} ${u}`,
    startAt: new Date(Date.now() - s.daysAgo * DAY),
    description: s.description,
    assignments: [
      {
        ...moduleOf(book, 0),
        status: "COMPLETE",
        feedbackStatus: "GIVEN",
        submittedAfterDays: s.submittedAfterDays?.[0],
      },
      { ...moduleOf(book, 1), status: "IN_PROGRESS" },
      {
        ...moduleOf(book, 2),
        status: "COMPLETE",
        feedbackStatus: "WAITING",
        score: s.testScore,
        submittedAfterDays: s.submittedAfterDays?.[1],
      },
      { ...moduleOf(book2, 0), status: "PENDING" },
    ],
    sessionFeedback: s.feedback,
  });
  return { ...people, plan, book, book2, session };
}

export type World = Awaited<ReturnType<typeof buildWorld>>;

/**
 * The Scope the product makes for an account (the columns and row mapping the bearer check uses),
 * for tests that call lib functions in-process. The one place that knows how a Scope is loaded.
 */
export async function scopeOf(db: PrismaClient, username: string): Promise<Scope>;
/** The same, narrowed to `role`: fails when the account has another role. */
export async function scopeOf<R extends Role>(db: PrismaClient, username: string, role: R): Promise<ScopeOf<R>>;
export async function scopeOf(db: PrismaClient, username: string, role?: Role): Promise<Scope> {
  const query = selectScope().where("a.username", "=", username).compile();
  const [row] = await db.$queryRawUnsafe<ScopeRow[]>(query.sql, ...query.parameters);
  const scope = row && scopeOfRow(row);
  if (!scope) throw new Error(`no account ${username} with the ids its role needs`);
  return role ? requireRole(scope, role) : scope;
}
