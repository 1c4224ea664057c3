import { describe, expect, it } from "vitest";
import { acceptInvitation } from "@/lib/invitations/accept-invitation";
import { inviteClient } from "@/lib/invitations/create-invitation";
import { INVITATION_DAYS } from "@/lib/invitations/invitation-state";
import { readInvitation } from "@/lib/invitations/read-invitation";
import { readClient } from "@/lib/clients/read-client";
import { makeClient } from "@/prisma/factories";
import { api } from "../api/support/world";
import { uid } from "../support/world";
import { databaseNowMs, onClockAhead, onClockBehind } from "./support/clock-off";
import { db, makeWorld } from "./support/domain-world";
import { tokenOf } from "../api/support/invitation-link";

// An invitation link lasts its 7 days on the database's clock, by which every instance checks it:
// one made on a host whose clock is behind is not expired at once (or short), and one opened or
// accepted on a host whose clock is ahead is not refused before its time. Here the link is made,
// read or accepted in this process on a clock set 8 days off, and accepted through the test
// stack's server.
const DAY = 86_400_000;
const LIFETIME = INVITATION_DAYS * DAY;

async function uninvitedClient() {
  const w = await makeWorld();
  const u = uid();
  const client = await makeClient(db, { clinicId: w.clinic.id, name: `Clock ${u}`, email: `clock-${u}@test.test` });
  return { scope: await w.scope("staff"), clientId: client.id };
}

const invite = (c: Awaited<ReturnType<typeof uninvitedClient>>) =>
  inviteClient(c.scope, c.clientId, { origin: "http://localhost", offset: 0, sendEmail: false });

const password = "a long enough password";

describe("an invitation link on an instance whose clock is off from the database's", () => {
  it("made on a clock 8 days behind, lasts 7 days from the database's now and is accepted", async () => {
    const c = await uninvitedClient();
    const before = await databaseNowMs();
    const created = await onClockBehind(8 * DAY, () => invite(c));
    const after = await databaseNowMs();
    const row = await db.invitation.findFirstOrThrow({ where: { clientId: c.clientId } });
    expect(row.expiresAt.getTime()).toBeGreaterThanOrEqual(before + LIFETIME);
    expect(row.expiresAt.getTime()).toBeLessThanOrEqual(after + LIFETIME);

    const token = tokenOf(created.url);
    expect((await readInvitation(token)).state).toBe("OPEN");
    const username = `clock-${uid()}`;
    const accepted = await api("/gateway/uaa/invitation", { body: { token, username, password } });
    expect(accepted.status, accepted.text).toBe(201);
    expect(accepted.json).toEqual({ username, role: "CLIENT" });
  });

  it("shown to staff, opened and accepted on a clock 8 days ahead, while the database says it is live", async () => {
    const c = await uninvitedClient();
    const token = tokenOf((await invite(c)).url);
    // Staff told "expired" would renew it, and the link the person was sent would stop working.
    const read = await onClockAhead(8 * DAY, () => readClient(c.scope, c.clientId, 0));
    expect(read.invitation?.state).toBe("OPEN");
    expect((await onClockAhead(8 * DAY, () => readInvitation(token))).state).toBe("OPEN");
    const username = `clock-${uid()}`;
    const accepted = await onClockAhead(8 * DAY, () => acceptInvitation({ token, username, password }, "192.0.2.8"));
    expect(accepted).toEqual({ username, role: "CLIENT" });
    // Used once: presented again, it is refused as used, on any clock.
    await expect(acceptInvitation({ token, username: `x-${uid()}`, password }, "192.0.2.8")).rejects.toThrow(
      /already used/,
    );
  });

  it("refused as expired once the database's clock is past its end, on a clock 8 days behind", async () => {
    const c = await uninvitedClient();
    const token = tokenOf((await invite(c)).url);
    await db.$executeRaw`update "Invitation" set "expiresAt" = "expiresAt" - interval '8 days' where "clientId" = ${c.clientId}`;
    expect((await onClockBehind(8 * DAY, () => readInvitation(token))).state).toBe("EXPIRED");
    const read = await onClockBehind(8 * DAY, () => readClient(c.scope, c.clientId, 0));
    expect(read.invitation?.state).toBe("EXPIRED");
    await expect(
      onClockBehind(8 * DAY, () => acceptInvitation({ token, username: `x-${uid()}`, password }, "192.0.2.8")),
    ).rejects.toThrow(/expired/);
  });
});
