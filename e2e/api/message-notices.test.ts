import { describe, expect, inject, it } from "vitest";
import { linkIn, mailTo, waitForMail } from "../support/mailbox";
import { api, baseUrl, db, makeWorld, type World } from "./support/world";

// "You have a new message": queued a few seconds after a message in the test stack
// (MESSAGE_NOTICE_DELAY_SECONDS=3, scripts/lib/test-stack.ts), sent by the stack's worker process
// to its loopback SMTP server, whose messages these tests read. docs/messages.md.
const mailDir = inject("mailDir");

const post = async (w: World, who: "carer" | "client" | "staff", text: string) => {
  const r = await api(`/gateway/profile/session/${String(w.session.id)}/message`, {
    token: await w.token(who),
    body: { text },
  });
  expect(r.status, r.text).toBe(201);
  return r.json;
};

/**
 * A notice queued after everything before it (another world's), to wait for: once it has arrived,
 * a notice due earlier would have arrived too.
 */
async function witness() {
  const w = await makeWorld();
  await post(w, "carer", "witness");
  await waitForMail(mailDir, w.client.email, { timeoutMs: 30_000 });
}

// Concurrent: each test waits seconds for the worker's emails, in a world of its own; a witness
// (above) is queued after everything before it, whichever test queued that.
describe.concurrent("message notices", () => {
  it("sends one email for a burst of messages, saying only that there is a new message, with a link", async () => {
    const w = await makeWorld();
    const secret = `Private words ${w.u}`;
    await post(w, "carer", secret);
    await post(w, "carer", `${secret} again`);
    await post(w, "carer", `${secret} and again`);
    const [mail] = await waitForMail(mailDir, w.client.email, { timeoutMs: 30_000 });
    expect(mail?.subject).toBe("You have a new message");
    const link = mail ? linkIn(mail, baseUrl) : "";
    expect(link).toBe(`${baseUrl}/homework/sessions/${String(w.session.id)}`);
    for (const part of [mail?.text ?? "", mail?.html ?? "", mail?.subject ?? ""]) {
      expect(part).not.toContain("Private words");
      expect(part).not.toContain(w.carer.name);
      expect(part).not.toContain(w.client.name);
      expect(part).not.toContain(w.session.title);
    }
    await witness();
    expect(mailTo(mailDir, w.client.email)).toHaveLength(1);
    // Neither the author, nor someone outside the care team, nor the clinic's staff.
    expect(mailTo(mailDir, w.carer.email)).toEqual([]);
    expect(mailTo(mailDir, w.outsider.email)).toEqual([]);
    expect(mailTo(mailDir, w.staff.email)).toEqual([]);
    // The queue holds ids only (jobs still waiting; done ones are deleted).
    const jobs = await db.$queryRaw<{ payload: unknown }[]>`select payload from graphile_worker._private_jobs`;
    expect(JSON.stringify(jobs)).not.toContain("Private words");
  });

  it("tells the care team of a client's message, in the caregiver's language, linking to the dashboard", async () => {
    const w = await makeWorld();
    await db.caregiver.update({ where: { id: w.carer.id }, data: { language: "FR" } });
    await post(w, "client", "Une question");
    const [mail] = await waitForMail(mailDir, w.carer.email, { timeoutMs: 30_000 });
    expect(mail?.subject).toBe("Vous avez un nouveau message");
    expect(mail ? linkIn(mail, baseUrl) : "").toBe(`${baseUrl}/caregiver/sessions/${String(w.session.id)}`);
    expect(mail?.text).not.toContain("Une question");
  });

  it("sends nothing to someone who read the conversation before the notice was due", async () => {
    const w = await makeWorld();
    // Signed in first: the read must come within the notice's 3 s, and a first sign-in is the
    // slowest step a busy host could put between the message and the read.
    const token = await w.token("client");
    await post(w, "carer", "Read me soon");
    const read = await api(`/gateway/profile/session/${String(w.session.id)}/message`, { token });
    expect(read.json.content).toHaveLength(1);
    await witness();
    expect(mailTo(mailDir, w.client.email)).toEqual([]);
  });

  it("sends nothing to someone who turned message notices off", async () => {
    const w = await makeWorld();
    await db.client.update({ where: { id: w.client.id }, data: { messageNoticesOn: false } });
    await post(w, "staff", "Booked");
    await witness();
    expect(mailTo(mailDir, w.client.email)).toEqual([]);
    // The caregiver, who has them on, is told of the staff's message.
    expect(await waitForMail(mailDir, w.carer.email)).toHaveLength(1);
  });

  it("sends no second notice while the first is unread; once the person has read, the next message gets one", async () => {
    const w = await makeWorld();
    await post(w, "carer", "First");
    await waitForMail(mailDir, w.client.email, { timeoutMs: 30_000 });
    // More messages after the notice went out, still unread: no more email.
    await post(w, "carer", "Second");
    await witness();
    await post(w, "carer", "Third");
    await witness();
    expect(mailTo(mailDir, w.client.email)).toHaveLength(1);
    // The client reads; a later message is news again.
    const read = await api(`/gateway/profile/session/${String(w.session.id)}/message`, {
      token: await w.token("client"),
    });
    expect(read.json.content).toHaveLength(3);
    await post(w, "carer", "Fourth");
    expect(await waitForMail(mailDir, w.client.email, { count: 2, timeoutMs: 30_000 })).toHaveLength(2);
  });
});
