// Factories of the data model, shared by the demo seed, the admin CLI, tests and the benchmark.
// Each takes the Prisma client (or a transaction) to write with, and returns what it made.
import { hashPassword } from "@/lib/auth/password";
import { sha256 } from "@/lib/auth/token-hash";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { AssignmentStatus, FeedbackStatus, Role } from "@/lib/generated/prisma/enums";
import { randomId } from "@/lib/ids";

type P = Pick<PrismaClient, "institute" | "clinic" | "clinicStaff" | "caregiver" | "caregiverClinic" | "client" | "careTeamMember" | "designPlan" | "book" | "module" | "session" | "assignment" | "feedback" | "account" | "answer" | "autoSaveAnswer" | "draft">;

const DAY = 24 * 3600 * 1000;

export async function makeAccount(p: P, a: { username: string; password: string; role: Role; instituteId?: number; staffId?: number; caregiverId?: number; clientId?: number }) {
  return p.account.create({
    data: {
      username: a.username,
      passwordHash: await hashPassword(a.password),
      role: a.role,
      instituteId: a.instituteId ?? null,
      staffId: a.staffId ?? null,
      caregiverId: a.caregiverId ?? null,
      clientId: a.clientId ?? null,
    },
    select: { id: true, username: true, role: true },
  });
}

export async function makeInstitute(p: P, i: { name: string; apiKey?: string; allowProvisioning?: boolean; idpIssuer?: string; idpClientId?: string; idpClientSecretEnc?: string }) {
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

export const makeClinic = (p: P, c: { name: string; email: string; instituteId?: number | null }) =>
  p.clinic.create({ data: { name: c.name, email: c.email.toLowerCase(), instituteId: c.instituteId ?? null }, select: { id: true, name: true, email: true } });

export async function makeStaff(p: P, s: { clinicId: number; name: string; email: string; username?: string; password?: string }) {
  const staff = await p.clinicStaff.create({ data: { clinicId: s.clinicId, name: s.name, email: s.email.toLowerCase() }, select: { id: true } });
  if (s.username && s.password) await makeAccount(p, { username: s.username, password: s.password, role: "CLINIC", staffId: staff.id });
  return staff;
}

export async function makeCaregiver(p: P, c: { clinicIds: number[]; name: string; email: string; position?: string; username?: string; password?: string }) {
  const caregiver = await p.caregiver.create({
    data: { name: c.name, email: c.email.toLowerCase(), position: c.position ?? "Psychologist" },
    select: { id: true, name: true },
  });
  await p.caregiverClinic.createMany({ data: c.clinicIds.map((clinicId) => ({ clinicId, caregiverId: caregiver.id })) });
  if (c.username && c.password) await makeAccount(p, { username: c.username, password: c.password, role: "CAREGIVER", caregiverId: caregiver.id });
  return caregiver;
}

export async function makeClient(p: P, c: { clinicId: number; name: string; email: string; careTeam?: number[]; externalClientId?: string; username?: string; password?: string; image?: { bytes: Uint8Array; type: string } }) {
  const client = await p.client.create({
    data: {
      clinicId: c.clinicId,
      opptId: randomId(16),
      name: c.name,
      email: c.email.toLowerCase(),
      externalClientId: c.externalClientId ?? null,
      image: c.image ? new Uint8Array(c.image.bytes) : null,
      imageType: c.image?.type ?? null,
    },
    select: { id: true, name: true, opptId: true },
  });
  if (c.careTeam?.length) await p.careTeamMember.createMany({ data: c.careTeam.map((caregiverId) => ({ clientId: client.id, caregiverId })) });
  if (c.username && c.password) await makeAccount(p, { username: c.username, password: c.password, role: "CLIENT", clientId: client.id });
  return client;
}

export const makeDesignPlan = (p: P, d: { clinicId: number; name: string; description?: string }) =>
  p.designPlan.create({ data: { clinicId: d.clinicId, name: d.name, description: d.description ?? "" }, select: { id: true, name: true } });

export async function makeBook(p: P, b: { clinicId: number; name: string; modules: { name: string; isTest?: boolean }[] }) {
  const book = await p.book.create({ data: { clinicId: b.clinicId, name: b.name }, select: { id: true, name: true } });
  const modules = [];
  for (const [i, m] of b.modules.entries()) {
    modules.push(await p.module.create({ data: { bookId: book.id, name: m.name, position: i + 1, isTest: m.isTest ?? false }, select: { id: true, name: true, isTest: true } }));
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
  s: { clinicId: number; clientId: number; caregiverId: number; title: string; startAt: Date; closed?: boolean; designPlanId?: number; description?: string; remindDays?: number; assignments?: AssignmentSpec[]; sessionFeedback?: string },
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
    const submittedAt = status === "COMPLETE" ? new Date(s.startAt.getTime() + (a.submittedAfterDays ?? 1 + i) * DAY) : null;
    const feedbackStatus = a.feedbackStatus ?? (status === "COMPLETE" ? "WAITING" : "NONE");
    const row = await p.assignment.create({
      data: {
        sessionId: session.id,
        bookId: a.bookId,
        moduleId: a.moduleId,
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
    if (status === "IN_PROGRESS") await p.autoSaveAnswer.create({ data: { assignmentId: row.id, questionKey: "q1", value: { text: "In progress answer" } } });
    if (status === "COMPLETE") {
      await p.answer.create({ data: { assignmentId: row.id, questionKey: "q1", value: { text: "Submitted answer" } } });
    }
    if (feedbackStatus === "GIVEN") {
      await p.feedback.create({
        data: { kind: "ASSIGNMENT", sessionId: session.id, assignmentId: row.id, caregiverId: s.caregiverId, text: a.feedback ?? "Well done, keep going." },
      });
    }
  }
  if (s.sessionFeedback) {
    await p.feedback.create({ data: { kind: "SESSION", sessionId: session.id, caregiverId: s.caregiverId, text: s.sessionFeedback } });
  }
  return { ...session, assignmentIds };
}
