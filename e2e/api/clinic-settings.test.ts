import { describe, expect, inject, it } from "vitest";
import { mailDrained } from "../support/mail-drained";
import { linkIn, mailTo, waitForMail } from "../support/mailbox";
import { expectProblem } from "./support/expect-problem";
import { api, baseUrl, db, makeWorld } from "./support/world";

// A clinic's crisis contact (docs/crisis-contact.md) and duty contact (docs/notifications.md,
// "Alerts"): its staff set them, nobody else reads or changes them through this operation, clients
// read the crisis contact alone, and bad input changes nothing.

const path = "/gateway/profile/clinic/settings";
const mailDir = inject("mailDir");
const contact = "After hours: our on-call line, +1 514 555 0100.\nSuicide crisis line: 988.";
const stored = (clinicId: number) =>
  db.clinic.findUniqueOrThrow({ where: { id: clinicId }, select: { crisisContact: true, dutyEmail: true } });

describe("the clinic's settings", () => {
  it("lets the clinic's staff set, read and remove its crisis contact, trimmed, its line breaks kept", async () => {
    const w = await makeWorld();
    const token = await w.token("staff");
    expect((await api(path, { token })).json).toEqual({ crisisContact: null, dutyEmail: null });
    const set = await api(path, { method: "PUT", token, body: { crisisContact: `  ${contact}\n` } });
    expect(set.status, set.text).toBe(200);
    expect(set.json).toEqual({ crisisContact: contact, dutyEmail: null });
    expect((await api(path, { token })).json).toEqual({ crisisContact: contact, dutyEmail: null });
    expect(await stored(w.clinic.id)).toEqual({ crisisContact: contact, dutyEmail: null });
    // The clinic's clients read it with their own token; another clinic's do not get it.
    const own = "/gateway/profile/client/crisis-contact";
    expect((await api(own, { token: await w.token("client") })).json).toEqual({ crisisContact: contact });
    const other = await makeWorld();
    expect((await api(own, { token: await other.token("client") })).json).toEqual({ crisisContact: null });
    expectProblem(await api(own, { token: await w.token("carer") }), 403);
    const removed = await api(path, { method: "PUT", token, body: { crisisContact: null } });
    expect(removed.json).toEqual({ crisisContact: null, dutyEmail: null });
    expect(await stored(w.clinic.id)).toEqual({ crisisContact: null, dutyEmail: null });
  });

  it("lets the staff set and remove the duty contact, each field changed alone, and never shows it to a client", async () => {
    const w = await makeWorld();
    const token = await w.token("staff");
    await api(path, { method: "PUT", token, body: { crisisContact: contact } });
    const duty = `on-call-${w.u}@clinic.test`;
    const set = await api(path, { method: "PUT", token, body: { dutyEmail: ` ${duty} ` } });
    expect(set.status, set.text).toBe(200);
    // The crisis contact, left out, is left as it was.
    expect(set.json).toEqual({ crisisContact: contact, dutyEmail: duty });
    expect(await stored(w.clinic.id)).toEqual({ crisisContact: contact, dutyEmail: duty });
    const own = await api("/gateway/profile/client/crisis-contact", { token: await w.token("client") });
    expect(own.json).toEqual({ crisisContact: contact });
    expect(own.text).not.toContain(duty);
    // The change is announced to the address it replaces, here the clinic's own.
    const [mail] = await waitForMail(mailDir, w.clinic.email, { timeoutMs: 30_000 });
    expect(mail?.subject).toBe("Your clinic's duty contact has changed");
    expect(mail?.text).toContain(`urgent alert of ${w.clinic.name} is still unreviewed`);
    expect(mail?.text).toContain(`is now ${duty}.`);
    expect(mail ? linkIn(mail, baseUrl) : "").toBe(`${baseUrl}/clinic/settings`);
    const removed = await api(path, { method: "PUT", token, body: { dutyEmail: null } });
    expect(removed.json).toEqual({ crisisContact: contact, dutyEmail: null });
    expect(await stored(w.clinic.id)).toEqual({ crisisContact: contact, dutyEmail: null });
    // Removed: the duty contact it was and the clinic's address are told.
    const [gone] = await waitForMail(mailDir, duty, { timeoutMs: 30_000 });
    expect(gone?.text).toContain("is now the clinic's own address.");
    await waitForMail(mailDir, w.clinic.email, { count: 2, timeoutMs: 30_000 });
    // The crisis contact's changes, and a duty contact set to what it was, tell nobody.
    await api(path, { method: "PUT", token, body: { crisisContact: "Call the front desk.", dutyEmail: null } });
    await mailDrained(db, mailDir);
    expect(mailTo(mailDir, w.clinic.email)).toHaveLength(2);
    expect(mailTo(mailDir, duty)).toHaveLength(1);
  });

  it("refuses bad input with a problem and changes nothing", async () => {
    const w = await makeWorld();
    const token = await w.token("staff");
    const duty = `duty-${w.u}@clinic.test`;
    await api(path, { method: "PUT", token, body: { crisisContact: contact, dutyEmail: duty } });
    for (const [body, at] of [
      [{ crisisContact: "x".repeat(501) }, "crisisContact"],
      [{ crisisContact: "   " }, "crisisContact"],
      [{ crisisContact: "a\u0000b" }, "crisisContact"],
      [{ crisisContact: 988 }, "crisisContact"],
      [{}, undefined],
      [{ crisisContact: "x", name: "Other" }, undefined],
      [{ dutyEmail: "not an address" }, "dutyEmail"],
      [{ dutyEmail: "" }, "dutyEmail"],
      [{ dutyEmail: `${"a".repeat(250)}@b.test` }, "dutyEmail"],
      // One bad field and the whole change is refused: the good one is not written either.
      [{ crisisContact: "Call the front desk.", dutyEmail: "nobody" }, "dutyEmail"],
    ] as const) {
      expectProblem(await api(path, { method: "PUT", token, body }), 400, at);
    }
    expect(await stored(w.clinic.id)).toEqual({ crisisContact: contact, dutyEmail: duty });
  });

  it("is the staff's alone: a caregiver, a client and the institute are refused and change nothing", async () => {
    const w = await makeWorld();
    for (const who of ["carer", "client", "inst"] as const) {
      const token = await w.token(who);
      expectProblem(await api(path, { token }), 403);
      expectProblem(await api(path, { method: "PUT", token, body: { crisisContact: "Call me" } }), 403);
      expectProblem(await api(path, { method: "PUT", token, body: { dutyEmail: "me@example.test" } }), 403);
    }
    expectProblem(await api(path, { method: "PUT", body: { crisisContact: "Call me" } }), 401);
    expect(await stored(w.clinic.id)).toEqual({ crisisContact: null, dutyEmail: null });
  });
});
