import { test as base, expect, type Page } from "@playwright/test";
import {
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

export const db = scriptClient(process.env.E2E_DATABASE_URL);
export const idpIssuer = process.env.E2E_IDP_ISSUER!;

let n = 0;
const uid = () => `${process.pid.toString(36)}${Date.now().toString(36)}${(n++).toString(36)}`;

/** A clinic of its own with a staff member and a caregiver, both with web sign-ins. */
export async function makePeople() {
  const u = uid();
  const password = `pw-${u}`;
  // Registered with the web sign-in's IdP, which speaks only for the institutes that registered it.
  const institute = await makeInstitute(db, { name: `E2E Institute ${u}`, idpIssuer });
  const clinic = await makeClinic(db, {
    name: `E2E Clinic ${u}`,
    email: `e2e-${u}@test.test`,
    instituteId: institute.id,
  });
  const staff = { username: `staff-${u}`, email: `staff-${u}@test.test`, name: `Sam Staff ${u}`, password };
  const carer = { username: `carer-${u}`, email: `carer-${u}@test.test`, name: `Casey Carer ${u}`, password };
  await makeStaff(db, { clinicId: clinic.id, ...staff });
  const caregiver = await makeCaregiver(db, { clinicIds: [clinic.id], position: "Psychologist", ...carer });
  return { u, clinic, staff, carer, caregiver };
}

/** makePeople plus a client, a design plan, two books and a running session with homework in every state. */
export async function makeClinicWorld() {
  const people = await makePeople();
  const { u, clinic, caregiver } = people;
  const client = await makeClient(db, {
    clinicId: clinic.id,
    name: `Robin Client ${u}`,
    email: `robin-${u}@test.test`,
    externalClientId: `EXT-${u}`,
    careTeam: [caregiver.id],
  });
  const plan = await makeDesignPlan(db, { clinicId: clinic.id, name: `Anxiety plan ${u}` });
  const book = await makeBook(db, {
    clinicId: clinic.id,
    name: `Understanding anxiety ${u}`,
    modules: [{ name: "What is anxiety?" }, { name: "Anxiety cycle" }, { name: "Self-test", isTest: true }],
  });
  const book2 = await makeBook(db, {
    clinicId: clinic.id,
    name: `Better sleep ${u}`,
    modules: [{ name: "Sleep diary" }],
  });
  const session = await makeSession(db, {
    clinicId: clinic.id,
    clientId: client.id,
    caregiverId: caregiver.id,
    designPlanId: plan.id,
    title: `Week 1 ${u}`,
    startAt: new Date(Date.now() - 3 * 86_400_000),
    assignments: [
      { bookId: book.id, moduleId: book.modules[0]!.id, status: "COMPLETE", feedbackStatus: "GIVEN" },
      { bookId: book.id, moduleId: book.modules[1]!.id, status: "IN_PROGRESS" },
      { bookId: book.id, moduleId: book.modules[2]!.id, status: "COMPLETE", feedbackStatus: "WAITING", score: 12 },
      { bookId: book2.id, moduleId: book2.modules[0]!.id },
    ],
  });
  return { ...people, client, plan, book, book2, session };
}

/** Gives a person an account at the identity provider (their organisation's sign-in). */
export async function addIdpAccount(p: { username: string; email: string; name: string; password: string }) {
  await fetch(`${idpIssuer}/test/accounts`, {
    method: "POST",
    body: new URLSearchParams({ ...p, username: `idp-${p.username}` }),
  });
}

/** Signs in through next-auth's credentials endpoint; the session cookie lands in the page's context. */
export async function signIn(page: Page, username: string, password: string) {
  const { csrfToken } = await (await page.request.get("/api/auth/csrf")).json();
  const r = await page.request.post("/api/auth/callback/credentials", {
    form: { csrfToken, username, password, json: "true", callbackUrl: "/" },
  });
  expect(r.ok()).toBeTruthy();
}

export const test = base.extend({
  baseURL: async ({}, use) => use(process.env.E2E_BASE_URL),
});
export { expect };
