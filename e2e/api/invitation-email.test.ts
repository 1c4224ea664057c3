// Invitations by email (docs/notifications.md): creating or renewing an invitation link also
// queues an email to the person, in their language, which the job workers hand to the stack's
// loopback SMTP server. Resending is renewing: the link emailed before stops working.
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { sha256 } from "@/lib/auth/token-hash";
import { makeClient } from "@/prisma/factories";
import { linkIn, mailTo, waitForMail, type CapturedMail } from "../support/mailbox";
import { expectProblem } from "./support/expect-problem";
import { untilWaitingOnLock } from "./support/lock-wait";
import { api, baseUrl, db, locationId, makeWorld, uid, type World } from "./support/world";
import { tokenOf } from "./support/invitation-link";

const mailDir = inject("mailDir");
const CAREGIVERS = "/gateway/profile/clinic/caregiver";
const CLIENTS = "/gateway/profile/clinic/client";
const ACCEPT = "/gateway/uaa/invitation";

/** A care provider added by the world's staff, in `language`. */
async function addCarer(w: World, language: "EN" | "FR") {
  const u = uid();
  const email = `mail-inv-${u}@test.test`;
  const name = `Mailed Carer ${u}`;
  const r = await api(CAREGIVERS, {
    token: await w.token("staff"),
    body: { name, email, position: "Therapist", activationStatus: "INVITED", language },
  });
  expect(r.status, r.text).toBe(201);
  return { id: locationId(r), email, name };
}

const invite = async (w: World, path: string, query = "") => {
  const r = await api(`${path}/invitation${query}`, { token: await w.token("staff"), method: "POST" });
  expect(r.status, r.text).toBe(201);
  return r.json as { url: string; expiresAt: string; emailedTo: string | null };
};

const accept = (token: string) =>
  api(ACCEPT, { body: { token, username: `mailed-${uid()}`, password: "a long enough password" } });

/**
 * Exactly `n` emails reach `email`, and no more: a witness's invitation, queued after every one of
 * theirs, has arrived.
 */
async function expectMailCount(w: World, email: string, n: number) {
  await waitForMail(mailDir, email, { count: n });
  const witness = await addCarer(w, "EN");
  await invite(w, `${CAREGIVERS}/${witness.id}`);
  await waitForMail(mailDir, witness.email);
  expect(mailTo(mailDir, email)).toHaveLength(n);
}

/** The one message a list must hold at `i`. */
function nth(mails: CapturedMail[], i = 0): CapturedMail {
  const m = mails[i];
  if (!m) throw new Error(`no message ${i}`);
  return m;
}

/** The invitation page's HTML as the invitee's browser gets it, without React's text separators. */
const page = async (link: string) => (await (await fetch(link)).text()).replaceAll("<!-- -->", "");

/** Nothing of the world's care, nor of the person, in either part: only the invitation and its link. */
function expectNoCareDetails(mail: CapturedMail, w: World, secrets: string[]) {
  const both = `${mail.subject}\n${mail.text}\n${mail.html}`;
  for (const s of [...secrets, w.client.name, w.carer.name, w.clinic.name, w.u]) expect(both).not.toContain(s);
  expect(both).not.toMatch(/score|module|session/i);
}

describe("invitation emails", () => {
  it("emails a care provider their link in English, text and HTML; the link opens the invitation and works once", async () => {
    const w = await makeWorld();
    const carer = await addCarer(w, "EN");
    const inv = await invite(w, `${CAREGIVERS}/${carer.id}`);
    expect(inv.emailedTo).toBe(carer.email);

    const got = await waitForMail(mailDir, carer.email);
    expect(got).toHaveLength(1);
    const mail = nth(got);
    expect(mail.subject).toBe("Your invitation to the care platform");
    const link = linkIn(mail, baseUrl);
    expect(link).toBe(`${baseUrl}/invite/${tokenOf(inv.url)}`);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain('lang="en"');
    expectNoCareDetails(mail, w, [carer.name]);

    expect(await page(link)).toContain(`Welcome, ${carer.name}`);
    expect((await accept(tokenOf(link))).status).toBe(201);
    expect((await accept(tokenOf(link))).status).toBe(409);
  });

  it("emails a client in French; with sendEmail=false only the link is made", async () => {
    const w = await makeWorld();
    const u = uid();
    const email = `mc-${u}@test.test`;
    const client = await makeClient(db, { clinicId: w.clinic.id, name: `Mailed Client ${u}`, email });
    await db.client.update({ where: { id: client.id }, data: { language: "FR" } });
    const inv = await invite(w, `${CLIENTS}/${client.id}`);
    expect(inv.emailedTo).toBe(email);
    const mail = nth(await waitForMail(mailDir, email));
    expect(mail.subject).toBe("Votre invitation à la plateforme de soins");
    expect(mail.html).toContain('lang="fr"');
    expect(mail.text).toContain(`${baseUrl}/invite/${tokenOf(inv.url)}`);
    expectNoCareDetails(mail, w, [client.name]);

    // Staff who hand the link over themselves: a new link, no email (and the emailed one is replaced).
    const quiet = await invite(w, `${CLIENTS}/${client.id}`, "?sendEmail=false");
    expect(quiet.emailedTo).toBeNull();
    const bad = await api(`${CLIENTS}/${client.id}/invitation?sendEmail=maybe`, {
      token: await w.token("staff"),
      method: "POST",
    });
    expect(bad.status).toBe(400);
    // A later email is the witness that no other one was queued in between.
    await invite(w, `${CLIENTS}/${client.id}`);
    const all = await waitForMail(mailDir, email, { count: 2 });
    expect(all).toHaveLength(2);
    expect(all.map((m) => m.text).join()).not.toContain(tokenOf(quiet.url));
    expect(await db.invitation.count({ where: { clientId: client.id } })).toBe(3);
  });

  it("resending makes the link emailed before fail and the new one work", async () => {
    const w = await makeWorld();
    const carer = await addCarer(w, "EN");
    await invite(w, `${CAREGIVERS}/${carer.id}`);
    const oldLink = linkIn(nth(await waitForMail(mailDir, carer.email)), baseUrl);
    await invite(w, `${CAREGIVERS}/${carer.id}`);
    const newLink = linkIn(nth(await waitForMail(mailDir, carer.email, { count: 2 }), 1), baseUrl);
    expect(newLink).not.toBe(oldLink);

    expect(await page(oldLink)).toContain("This invitation was replaced");
    const refused = await accept(tokenOf(oldLink));
    expect(refused.status).toBe(409);
    expect(await page(newLink)).toContain(`Welcome, ${carer.name}`);
    expect((await accept(tokenOf(newLink))).status).toBe(201);
    expect(mailTo(mailDir, carer.email)).toHaveLength(2);
  });

  it("emails one person at most three invitations an hour: the fourth is a 429 that changes nothing, and a link is still made without one", async () => {
    const w = await makeWorld();
    const carer = await addCarer(w, "EN");
    const path = `${CAREGIVERS}/${carer.id}`;
    for (let i = 0; i < 3; i++) await invite(w, path);
    const third = await db.invitation.findFirstOrThrow({
      where: { caregiverId: carer.id },
      orderBy: { id: "desc" },
      select: { id: true },
    });

    const refused = await api(`${path}/invitation`, { token: await w.token("staff"), method: "POST" });
    expectProblem(refused, 429);
    expect(refused.json.detail).toMatch(/emailed an invitation 3 times within the hour.*sendEmail=false/);
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(3500);
    expect(wait).toBeLessThanOrEqual(3600);
    // Nothing changed: the third link is still the open one, and no fourth email goes out.
    const open = await db.invitation.findMany({
      where: { caregiverId: carer.id, revokedAt: null },
      select: { id: true },
    });
    expect(open).toEqual([third]);

    // The link without email is made and works, and no fourth email went out.
    const quiet = await invite(w, path, "?sendEmail=false");
    expect(quiet.emailedTo).toBeNull();
    expect((await accept(tokenOf(quiet.url))).status).toBe(201);
    await expectMailCount(w, carer.email, 3);
  });

  it("sends a client three invitation emails of five asked at once, and no more", async () => {
    const w = await makeWorld();
    const u = uid();
    const email = `burst-${u}@test.test`;
    const client = await makeClient(db, { clinicId: w.clinic.id, name: `Burst ${u}`, email });
    const token = await w.token("staff");
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => api(`${CLIENTS}/${client.id}/invitation`, { token, method: "POST" })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 201, 429, 429]);
    expect(await db.invitation.count({ where: { clientId: client.id } })).toBe(3);
    await expectMailCount(w, email, 3);
  });

  it("emails one address at most three invitations an hour, even when staff give it to another client or a care provider of the clinic", async () => {
    const w = await makeWorld();
    const u = uid();
    const email = `moved-${u}@test.test`;
    const token = await w.token("staff");
    const first = await makeClient(db, { clinicId: w.clinic.id, name: `First ${u}`, email });
    for (let i = 0; i < 3; i++) await invite(w, `${CLIENTS}/${first.id}`);
    // The address moves to a new client, and a new care provider has it too: the same inbox.
    const moved = await api(`${CLIENTS}/${first.id}`, {
      method: "PATCH",
      token,
      body: { email: `elsewhere-${u}@test.test` },
    });
    expect(moved.status, moved.text).toBe(200);
    const second = await makeClient(db, { clinicId: w.clinic.id, name: `Second ${u}`, email });
    expectProblem(await api(`${CLIENTS}/${second.id}/invitation`, { token, method: "POST" }), 429);
    const carer = await api(CAREGIVERS, {
      token,
      body: { name: `Same Inbox ${u}`, email, position: "Therapist", activationStatus: "INVITED", language: "EN" },
    });
    expect(carer.status, carer.text).toBe(201);
    expectProblem(await api(`${CAREGIVERS}/${locationId(carer)}/invitation`, { token, method: "POST" }), 429);
    // A link without email is still made; another clinic's client at the address is that clinic's to email.
    expect((await invite(w, `${CLIENTS}/${second.id}`, "?sendEmail=false")).emailedTo).toBeNull();
    const other = await makeWorld();
    const theirs = await makeClient(db, { clinicId: other.clinic.id, name: `Theirs ${u}`, email });
    expect((await invite(other, `${CLIENTS}/${theirs.id}`)).emailedTo).toBe(email);

    await expectMailCount(w, email, 4);
  });

  it("emails again once the hour is over, even when the invitation waited on the client's lock across its end", async () => {
    const w = await makeWorld();
    const u = uid();
    const email = `boundary-${u}@test.test`;
    const client = await makeClient(db, { clinicId: w.clinic.id, name: `Boundary ${u}`, email });
    for (let i = 0; i < 3; i++) await invite(w, `${CLIENTS}/${client.id}`);
    // The hour of those three ends two seconds from now.
    const keys = [`client:${String(client.id)}`, `clinic:${String(w.clinic.id)}:to:${email}`];
    await db.$executeRaw`update "RateLimit" set "windowEnds" = (now() at time zone 'UTC') + interval '2 seconds'
      where key = any(${keys.map((k) => sha256(`3600:invitation-email:${k}`))}::text[])`;
    // A status change holds the client while the hour ends; the invitation asked meanwhile waits.
    const conn = new pg.Client({ connectionString: inject("databaseUrl") });
    await conn.connect();
    let answer;
    try {
      await conn.query("begin");
      await conn.query('select id from "Client" where id = $1 for update', [client.id]);
      const asked = api(`${CLIENTS}/${client.id}/invitation`, { token: await w.token("staff"), method: "POST" });
      await untilWaitingOnLock(conn, '%from "Client"%');
      await new Promise((r) => setTimeout(r, 2500));
      await conn.query("commit");
      answer = await asked;
    } finally {
      await conn.end();
    }
    expect(answer.status, answer.text).toBe(201);
  });

  it("queues nothing when the invitation is refused", async () => {
    const w = await makeWorld();
    const u = uid();
    const idleEmail = `idle-mail-${u}@test.test`;
    const idle = await makeClient(db, {
      clinicId: w.clinic.id,
      name: `Idle ${u}`,
      email: idleEmail,
      status: "INACTIVE",
    });
    const r = await api(`${CLIENTS}/${idle.id}/invitation`, { token: await w.token("staff"), method: "POST" });
    expect(r.status).toBe(409);
    await expectMailCount(w, idleEmail, 0);
  });
});
