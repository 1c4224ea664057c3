// Each test makes its own clinic world with unique names, through the same factories as the demo
// seed; nothing is truncated, so tests run side by side on one database.
import { inject } from "vitest";
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
} from "@/lib/db/factories";
import { scriptClient } from "@/lib/db/script-client";

export const baseUrl = inject("baseUrl");
export const db = scriptClient(inject("databaseUrl"));

let counter = 0;
export const uid = () => `${process.pid.toString(36)}${Date.now().toString(36)}${(counter++).toString(36)}`;

const DAY = 24 * 3600 * 1000;

type ApiOptions = {
  method?: string;
  token?: string | null;
  body?: unknown;
  rawBody?: BodyInit;
  headers?: Record<string, string>;
};

export async function api(path: string, opts: ApiOptions = {}) {
  const headers: Record<string, string> = { accept: "*/*", ...opts.headers };
  if (opts.token) headers.authorization = `bearer ${opts.token}`;
  let body: BodyInit | undefined = opts.rawBody;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers["content-type"] ??= "application/json";
  }
  const res = await fetch(baseUrl + path, {
    method: opts.method ?? (body !== undefined ? "POST" : "GET"),
    headers,
    body,
    redirect: "manual",
  });
  const text = await res.text();
  let json: any = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {}
  return { status: res.status, headers: res.headers, text, json };
}

export async function login(username: string, password: string): Promise<string> {
  const r = await api("/gateway/uaa/oauth/token", {
    method: "POST",
    rawBody: new URLSearchParams({ grant_type: "password", username, password }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  if (r.status !== 200) throw new Error(`login ${username} failed: ${r.status} ${r.text}`);
  return r.json.access_token;
}

/** A clinic of its own institute with staff, two caregivers, a client, a plan, books and sessions. */
export async function makeWorld() {
  const u = uid();
  const password = `pw-${u}`;
  const institute = await makeInstitute(db, { name: `Institute ${u}` });
  await makeAccount(db, { username: `inst-${u}`, password, role: "INSTITUTE", instituteId: institute.id });
  const clinic = await makeClinic(db, {
    name: `Clinic ${u}`,
    email: `clinic-${u}@test.test`,
    instituteId: institute.id,
  });
  await makeStaff(db, {
    clinicId: clinic.id,
    name: `Staff ${u}`,
    email: `staff-${u}@test.test`,
    username: `staff-${u}`,
    password,
  });
  const caregiver = await makeCaregiver(db, {
    clinicIds: [clinic.id],
    name: `Carer ${u}`,
    email: `carer-${u}@test.test`,
    position: "Psychologist",
    username: `carer-${u}`,
    password,
  });
  const outsider = await makeCaregiver(db, {
    clinicIds: [clinic.id],
    name: `Outsider ${u}`,
    email: `outsider-${u}@test.test`,
    position: "Nurse",
    username: `outsider-${u}`,
    password,
  });
  const client = await makeClient(db, {
    clinicId: clinic.id,
    name: `Client ${u}`,
    email: `client-${u}@test.test`,
    externalClientId: `EXT-${u}`,
    careTeam: [caregiver.id],
    username: `client-${u}`,
    password,
  });
  const plan = await makeDesignPlan(db, { clinicId: clinic.id, name: `Plan ${u}` });
  const book = await makeBook(db, {
    clinicId: clinic.id,
    name: `Book ${u}`,
    modules: [{ name: "Intro" }, { name: "Practice" }, { name: "Test", isTest: true }],
  });
  const book2 = await makeBook(db, {
    clinicId: clinic.id,
    name: `Book2 ${u}`,
    modules: [{ name: "Diary" }, { name: "Quiz", isTest: true }],
  });
  const start = new Date(Date.now() - 2 * DAY);
  const session = await makeSession(db, {
    clinicId: clinic.id,
    clientId: client.id,
    caregiverId: caregiver.id,
    designPlanId: plan.id,
    title: `Session ${u}`,
    startAt: start,
    description: "Week one",
    assignments: [
      {
        bookId: book.id,
        moduleId: book.modules[0]!.id,
        status: "COMPLETE",
        feedbackStatus: "GIVEN",
        submittedAfterDays: 0.5,
      },
      { bookId: book.id, moduleId: book.modules[1]!.id, status: "IN_PROGRESS" },
      {
        bookId: book.id,
        moduleId: book.modules[2]!.id,
        status: "COMPLETE",
        feedbackStatus: "WAITING",
        score: 12.5,
        submittedAfterDays: 1,
      },
      { bookId: book2.id, moduleId: book2.modules[0]!.id, status: "PENDING" },
    ],
    sessionFeedback: "Good week",
  });
  const tokens: Record<string, string> = {};
  const token = async (who: "staff" | "carer" | "outsider" | "client" | "inst") =>
    (tokens[who] ??= await login(`${who}-${u}`, password));
  return { u, password, institute, clinic, caregiver, outsider, client, plan, book, book2, session, token };
}

export type World = Awaited<ReturnType<typeof makeWorld>>;

/** Rows a clinic owns, to prove that a rejected request changed nothing. */
export async function clinicRowCounts(clinicId: number) {
  const [clients, sessions, assignments, careTeam, keys] = await Promise.all([
    db.client.count({ where: { clinicId } }),
    db.session.count({ where: { clinicId } }),
    db.assignment.count({ where: { session: { clinicId } } }),
    db.careTeamMember.count({ where: { client: { clinicId } } }),
    db.idempotencyKey.count({ where: { account: { staff: { clinicId } } } }),
  ]);
  return { clients, sessions, assignments, careTeam, keys };
}

export const PNG_1x1 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
