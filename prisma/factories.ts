// Factories of the data model, shared by the demo seed, the admin CLI, tests and the benchmark.
// Each takes the Prisma client (or a transaction) to write with, and returns what it made.
// Nothing in app/ or lib/ may import this file (eslint.config.mjs says so).
import { copyLibrary } from "@/lib/library/copy-library";
import { CURRENT_VERSION, currentVersionId } from "@/lib/modules/current-version";
import type { ModuleDefinitionT } from "@/lib/schemas/module-definition";
import { hash } from "@node-rs/argon2";
import { caregiverHeld, clientHeld } from "@/lib/auth/sign-in-hold";
import { sha256 } from "@/lib/auth/token-hash";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type {
  ActivationStatus,
  AssignmentStatus,
  ClientStatus,
  FeedbackStatus,
  Role,
} from "@/lib/generated/prisma/enums";
import { randomId } from "@/lib/ids";

type P = Pick<
  PrismaClient,
  | "institute"
  | "clinic"
  | "clinicStaff"
  | "caregiver"
  | "caregiverClinic"
  | "client"
  | "careTeamMember"
  | "designPlan"
  | "book"
  | "module"
  | "moduleVersion"
  | "session"
  | "assignment"
  | "feedback"
  | "account"
  | "answer"
  | "autoSaveAnswer"
  | "draft"
>;

const DAY = 24 * 3600 * 1000;

/** Turns a password into the hash an account stores. */
export type HashPassword = (password: string) => Promise<string>;

// Every test world signs people in, and production's argon2id costs ~19 MiB and tens of ms of a
// core per hash. argon2 writes its parameters into each hash and verification reads them from
// there, so the product verifies these cheap hashes with its own code. They are for test data only:
// whatever creates accounts people will use (the admin CLI, the demo seed) passes production's
// `hashPassword` from lib/auth/password.ts, and e2e/api/admin-cli.test.ts checks that it does.
const CHEAP = { memoryCost: 8, timeCost: 1, parallelism: 1 } as const;

/** argon2id at its smallest cost: for test and benchmark accounts, never for real people. */
export const hashForTests: HashPassword = (password) => hash(password, CHEAP);

/** The email of the account's person, where its password reset links go; null for an institute's. */
async function personEmail(
  p: P,
  a: { staffId?: number; caregiverId?: number; clientId?: number },
): Promise<string | null> {
  const select = { email: true } as const;
  const person = a.staffId
    ? await p.clinicStaff.findUnique({ where: { id: a.staffId }, select })
    : a.caregiverId
      ? await p.caregiver.findUnique({ where: { id: a.caregiverId }, select })
      : a.clientId
        ? await p.client.findUnique({ where: { id: a.clientId }, select })
        : null;
  return person?.email.toLowerCase() ?? null;
}

export async function makeAccount(
  p: P,
  a: {
    username: string;
    password: string;
    role: Role;
    instituteId?: number;
    staffId?: number;
    caregiverId?: number;
    clientId?: number;
    /** The person's status keeps them from signing in (lib/auth/sign-in-hold.ts). */
    heldByStatus?: boolean;
  },
  hashPassword: HashPassword = hashForTests,
) {
  return p.account.create({
    data: {
      username: a.username,
      passwordHash: await hashPassword(a.password),
      email: await personEmail(p, a),
      role: a.role,
      instituteId: a.instituteId ?? null,
      staffId: a.staffId ?? null,
      caregiverId: a.caregiverId ?? null,
      clientId: a.clientId ?? null,
      heldByStatus: a.heldByStatus ?? false,
    },
    select: { id: true, username: true, role: true },
  });
}

export async function makeInstitute(
  p: P,
  i: {
    name: string;
    apiKey?: string;
    allowProvisioning?: boolean;
    idpIssuer?: string;
    idpClientId?: string;
    idpClientSecretEnc?: string;
  },
) {
  const apiKey = i.apiKey ?? randomId(32);
  const institute = await p.institute.create({
    data: {
      name: i.name,
      apiKeyHash: sha256(apiKey),
      allowProvisioning: i.allowProvisioning ?? false,
      idpIssuer: i.idpIssuer ?? null,
      idpClientId: i.idpClientId ?? null,
      idpClientSecretEnc: i.idpClientSecretEnc ?? null,
    },
    select: { id: true, name: true },
  });
  return { ...institute, apiKey };
}

/** A clinic with its own copy of the library's books, as every new clinic starts. */
export async function makeClinic(
  p: P,
  c: { name: string; email: string; instituteId: number; crisisContact?: string },
) {
  const clinic = await p.clinic.create({
    data: { name: c.name, email: c.email.toLowerCase(), instituteId: c.instituteId, crisisContact: c.crisisContact },
    select: { id: true, name: true, email: true, instituteId: true },
  });
  await copyLibrary(p, clinic.id);
  return clinic;
}

export async function makeStaff(
  p: P,
  s: { clinicId: number; name: string; email: string; username?: string; password?: string },
  hashPassword: HashPassword = hashForTests,
) {
  const staff = await p.clinicStaff.create({
    data: { clinicId: s.clinicId, name: s.name, email: s.email.toLowerCase() },
    select: { id: true },
  });
  if (s.username && s.password)
    await makeAccount(
      p,
      { username: s.username, password: s.password, role: "CLINIC", staffId: staff.id },
      hashPassword,
    );
  return staff;
}

type CaregiverSpec = {
  clinicIds: number[];
  name: string;
  email: string;
  position?: string;
  /** Default ACTIVE (the database's); a person invited but not yet signed up is INVITED. */
  activationStatus?: ActivationStatus;
  username?: string;
  password?: string;
};

/** The one institute the clinics belong to: a caregiver belongs to one institute (decisions.md). */
async function instituteOfClinics(p: P, clinicIds: number[]): Promise<number> {
  const wanted = [...new Set(clinicIds)];
  const clinics = await p.clinic.findMany({ where: { id: { in: wanted } }, select: { id: true, instituteId: true } });
  const missing = wanted.filter((id) => !clinics.some((c) => c.id === id));
  const [first] = clinics;
  if (missing.length || !first) throw new Error(`no clinic ${missing.join(", ") || "given"}`);
  if (clinics.some((c) => c.instituteId !== first.instituteId))
    throw new Error("the clinics belong to different institutes, and a caregiver belongs to one");
  return first.instituteId;
}

/** A new caregiver of the clinics' institute, working in those clinics. */
export async function makeCaregiver(p: P, c: CaregiverSpec, hashPassword: HashPassword = hashForTests) {
  const instituteId = await instituteOfClinics(p, c.clinicIds);
  const caregiver = await p.caregiver.create({
    data: {
      instituteId,
      name: c.name,
      email: c.email.toLowerCase(),
      position: c.position ?? "Psychologist",
      ...(c.activationStatus && { activationStatus: c.activationStatus }),
    },
    select: { id: true, name: true },
  });
  await p.caregiverClinic.createMany({
    data: [...new Set(c.clinicIds)].map((clinicId) => ({ clinicId, caregiverId: caregiver.id, instituteId })),
  });
  // Their status decides whether the sign-in works, as for a client (the hold is on the account).
  if (c.username && c.password)
    await makeAccount(
      p,
      {
        username: c.username,
        password: c.password,
        role: "CAREGIVER",
        caregiverId: caregiver.id,
        heldByStatus: caregiverHeld(c.activationStatus ?? "ACTIVE"),
      },
      hashPassword,
    );
  return caregiver;
}

/**
 * A care provider for the clinics, as decisions.md's care-provider creation says: an email that is
 * already a caregiver of the same institute adds that caregiver to the clinics (no second person,
 * and a sign-in only if they have none); an email of another institute is a separate caregiver.
 */
export async function addCaregiver(p: P, c: CaregiverSpec, hashPassword: HashPassword = hashForTests) {
  const instituteId = await instituteOfClinics(p, c.clinicIds);
  const existing = await p.caregiver.findUnique({
    where: { instituteId_email: { instituteId, email: c.email.toLowerCase() } },
    select: {
      id: true,
      name: true,
      activationStatus: true,
      clinics: { select: { clinicId: true } },
      account: { select: { username: true } },
    },
  });
  const signIn = Boolean(c.username && c.password);
  if (!existing)
    return {
      ...(await makeCaregiver(p, c, hashPassword)),
      added: "new" as const,
      username: c.username,
      newSignIn: signIn,
    };
  const clinicIds = [...new Set(c.clinicIds)].filter((id) => !existing.clinics.some((l) => l.clinicId === id));
  if (!clinicIds.length) throw new Error("this email is already a caregiver of that clinic");
  await p.caregiverClinic.createMany({
    data: clinicIds.map((clinicId) => ({ clinicId, caregiverId: existing.id, instituteId })),
  });
  if (existing.account || !c.username || !c.password)
    return {
      id: existing.id,
      name: existing.name,
      added: "existing" as const,
      username: existing.account?.username,
      newSignIn: false,
    };
  // Their status decides whether the new sign-in works.
  const heldByStatus = caregiverHeld(existing.activationStatus);
  await makeAccount(
    p,
    { username: c.username, password: c.password, role: "CAREGIVER", caregiverId: existing.id, heldByStatus },
    hashPassword,
  );
  return { id: existing.id, name: existing.name, added: "existing" as const, username: c.username, newSignIn: true };
}

export async function makeClient(
  p: P,
  c: {
    clinicId: number;
    name: string;
    email: string;
    careTeam?: number[];
    externalClientId?: string;
    status?: ClientStatus;
    username?: string;
    password?: string;
    image?: { bytes: Uint8Array; type: string };
    language?: "EN" | "FR";
  },
  hashPassword: HashPassword = hashForTests,
) {
  const client = await p.client.create({
    data: {
      clinicId: c.clinicId,
      opptId: randomId(16),
      name: c.name,
      email: c.email.toLowerCase(),
      externalClientId: c.externalClientId ?? null,
      status: c.status ?? "ACTIVE",
      language: c.language ?? "EN",
      image: c.image ? new Uint8Array(c.image.bytes) : null,
      imageType: c.image?.type ?? null,
    },
    select: { id: true, name: true, opptId: true },
  });
  if (c.careTeam?.length)
    await p.careTeamMember.createMany({
      data: c.careTeam.map((caregiverId) => ({ clientId: client.id, caregiverId })),
    });
  if (c.username && c.password)
    await makeAccount(
      p,
      {
        username: c.username,
        password: c.password,
        role: "CLIENT",
        clientId: client.id,
        heldByStatus: clientHeld(c.status ?? "ACTIVE"),
      },
      hashPassword,
    );
  return client;
}

export const makeDesignPlan = (
  p: P,
  d: { clinicId: number; name: string; nameFr?: string | null; description?: string },
) =>
  p.designPlan.create({
    data: { clinicId: d.clinicId, name: d.name, nameFr: d.nameFr ?? null, description: d.description ?? "" },
    select: { id: true, name: true },
  });

/** The module's current version: what an assignment made now is given. */
const currentVersionOf = async (p: P, moduleId: number) =>
  currentVersionId(
    await p.module.findUniqueOrThrow({ where: { id: moduleId }, select: { id: true, versions: CURRENT_VERSION } }),
  );

export async function makeBook(
  p: P,
  b: { clinicId: number; name: string; modules: { name: string; isTest?: boolean; definition?: ModuleDefinitionT }[] },
) {
  const book = await p.book.create({ data: { clinicId: b.clinicId, name: b.name }, select: { id: true, name: true } });
  const modules = [];
  for (const [i, m] of b.modules.entries()) {
    const definition = m.definition ?? { blocks: [] };
    const made = await p.module.create({
      data: {
        bookId: book.id,
        name: m.name,
        position: i + 1,
        isTest: m.isTest ?? definition.scoring !== undefined,
        versions: { create: { version: 1, definition } },
      },
      select: { id: true, name: true, isTest: true, versions: CURRENT_VERSION },
    });
    modules.push({ id: made.id, name: made.name, isTest: made.isTest, versionId: currentVersionId(made) });
  }
  return { ...book, modules };
}

export type AssignmentSpec = {
  bookId: number;
  moduleId: number;
  status?: AssignmentStatus;
  feedbackStatus?: FeedbackStatus;
  score?: number | null;
  /** days after the session start */
  submittedAfterDays?: number;
  feedback?: string;
};

export async function makeSession(
  p: P,
  s: {
    clinicId: number;
    clientId: number;
    caregiverId: number;
    title: string;
    startAt: Date;
    closed?: boolean;
    designPlanId?: number;
    description?: string;
    remindDays?: number;
    assignments?: AssignmentSpec[];
    sessionFeedback?: string;
  },
) {
  const session = await p.session.create({
    data: {
      clinicId: s.clinicId,
      clientId: s.clientId,
      caregiverId: s.caregiverId,
      designPlanId: s.designPlanId ?? null,
      title: s.title,
      description: s.description ?? "",
      chatId: randomId(20),
      startAt: s.startAt,
      remindDays: s.remindDays ?? null,
      closedAt: s.closed ? new Date(s.startAt.getTime() + 7 * DAY) : null,
      createdAt: new Date(s.startAt.getTime() - DAY),
    },
    select: { id: true, title: true },
  });
  const assignmentIds: number[] = [];
  for (const [i, a] of (s.assignments ?? []).entries()) {
    const status = a.status ?? "PENDING";
    const submittedAt =
      status === "COMPLETE" ? new Date(s.startAt.getTime() + (a.submittedAfterDays ?? 1 + i) * DAY) : null;
    const feedbackStatus = a.feedbackStatus ?? (status === "COMPLETE" ? "WAITING" : "NONE");
    const row = await p.assignment.create({
      data: {
        sessionId: session.id,
        bookId: a.bookId,
        moduleId: a.moduleId,
        moduleVersionId: await currentVersionOf(p, a.moduleId),
        status,
        feedbackStatus,
        assignedAt: new Date(s.startAt.getTime() + i * 60_000),
        startAt: s.startAt,
        submittedAt,
        feedbackSubmitAt: feedbackStatus === "GIVEN" && submittedAt ? new Date(submittedAt.getTime() + DAY / 2) : null,
        score: status === "COMPLETE" ? (a.score ?? null) : null,
      },
      select: { id: true },
    });
    assignmentIds.push(row.id);
    if (status !== "PENDING") await p.draft.create({ data: { assignmentId: row.id, content: { q1: "Draft answer" } } });
    // Submitting clears the autosave rows (decisions.md): only work in progress keeps them.
    if (status === "IN_PROGRESS")
      await p.autoSaveAnswer.create({
        data: { assignmentId: row.id, questionKey: "q1", value: { text: "In progress answer" } },
      });
    if (status === "COMPLETE") {
      await p.answer.create({ data: { assignmentId: row.id, questionKey: "q1", value: { text: "Submitted answer" } } });
    }
    if (feedbackStatus === "GIVEN") {
      await p.feedback.create({
        data: {
          kind: "ASSIGNMENT",
          sessionId: session.id,
          assignmentId: row.id,
          caregiverId: s.caregiverId,
          text: a.feedback ?? "Well done, keep going.",
        },
      });
    }
  }
  if (s.sessionFeedback) {
    await p.feedback.create({
      data: { kind: "SESSION", sessionId: session.id, caregiverId: s.caregiverId, text: s.sessionFeedback },
    });
  }
  return { ...session, assignmentIds };
}
