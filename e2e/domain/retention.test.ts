import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_ERASED } from "@/lib/clients/erase-client";
import { readErasureLog } from "@/lib/clients/reapply-erasures";
import { eraseExpiredClients } from "@/lib/jobs/handlers/erase-expired-clients";
import { eraseClient } from "@/lib/clients/erase-client";
import { makeClient } from "@/prisma/factories";
import { db, makeWorld } from "./support/domain-world";
import { watchLog } from "./support/log-lines";
import { raceOnOwnConnections } from "./support/race";

// An institute's retention period (docs/audit-log.md, "Retention"): a client INACTIVE for longer
// than it is erased by the daily job; the period counts from the change of status, which the
// database records whoever makes it.
const race = raceOnOwnConnections();
beforeAll(() => race.start());
afterAll(() => race.stop());

const YEAR = 365.25 * 24 * 3600 * 1000;
const yearsAgo = (n: number) => new Date(Date.now() - n * YEAR);

/** A client of the world's clinic, INACTIVE since `years` ago. */
async function inactiveFor(w: Awaited<ReturnType<typeof makeWorld>>, name: string, years: number) {
  const c = await makeClient(db, {
    clinicId: w.clinic.id,
    name: `${name} ${w.u}`,
    email: `${name}-${w.u}@test.test`,
    status: "INACTIVE",
  });
  // Only the moment is moved: the status itself is not written again, so the trigger keeps out.
  await db.client.update({ where: { id: c.id }, data: { inactiveSince: yearsAgo(years) } });
  return c;
}

const erased = async (id: number) => (await db.client.findUniqueOrThrow({ where: { id } })).erasedAt !== null;

describe("a client's INACTIVE moment", () => {
  it("is set when the status becomes INACTIVE, kept while it stays, and cleared when ACTIVE again", async () => {
    const w = await makeWorld();
    const since = async () => (await db.client.findUniqueOrThrow({ where: { id: w.client.id } })).inactiveSince;
    expect(await since()).toBeNull();
    await db.client.update({ where: { id: w.client.id }, data: { status: "INACTIVE" } });
    const first = await since();
    expect(first).toBeInstanceOf(Date);
    expect(Math.abs((first?.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    await db.client.update({ where: { id: w.client.id }, data: { status: "INACTIVE", name: "Renamed" } });
    expect(await since()).toEqual(first);
    await db.client.update({ where: { id: w.client.id }, data: { status: "ACTIVE" } });
    expect(await since()).toBeNull();
  });
});

describe("an institute's retention period", () => {
  it("is refused by the database outside 1 to 100 years, whoever writes it", async () => {
    const w = await makeWorld();
    for (const retentionYears of [0, 101, -5])
      await expect(db.institute.update({ where: { id: w.institute.id }, data: { retentionYears } })).rejects.toThrow(
        /retention period is 1 to 100 years/,
      );
    await db.institute.update({ where: { id: w.institute.id }, data: { retentionYears: 100 } });
    expect((await db.institute.findUniqueOrThrow({ where: { id: w.institute.id } })).retentionYears).toBe(100);
  });
});

describe("the daily erasure of clients past their institute's retention period", () => {
  it("erases those INACTIVE for longer than the period, and no one else", async () => {
    const w = await makeWorld();
    const elsewhere = await makeWorld();
    await db.institute.update({ where: { id: w.institute.id }, data: { retentionYears: 2 } });
    const past = await inactiveFor(w, "past", 3);
    const within = await inactiveFor(w, "within", 1);
    // Another institute keeps its records until they are erased on request.
    const kept = await inactiveFor(elsewhere, "kept", 10);
    const log = watchLog();

    await eraseExpiredClients();

    expect(await erased(past.id)).toBe(true);
    expect(await erased(within.id)).toBe(false);
    expect(await erased(w.client.id)).toBe(false);
    expect(await erased(kept.id)).toBe(false);
    // Each erasure leaves its line, as one on request does, for reapply-erasures after a restore;
    // the run's own line says how many. Other test files' clients may be erased by the same run.
    const { erasedAt } = await db.client.findUniqueOrThrow({ where: { id: past.id } });
    const mine = log
      .lines(CLIENT_ERASED)
      .filter((l) => l.clinicId === w.clinic.id || l.clinicId === elsewhere.clinic.id);
    expect(mine).toEqual([expect.objectContaining({ clinicId: w.clinic.id, clientId: past.id })]);
    // As the operator's command reads it: the job's line is an erasure line, with its moment.
    const read = await readErasureLog(log.written());
    expect(read.malformed).toBe(0);
    expect(read.erasures).toContainEqual({ clinicId: w.clinic.id, clientId: past.id, erasedAt });
    expect(log.lines("clients past their retention period erased")).toHaveLength(1);
  });

  it("leaves a client made ACTIVE again while the run waited for them", async () => {
    const w = await makeWorld();
    await db.institute.update({ where: { id: w.institute.id }, data: { retentionYears: 1 } });
    const back = await inactiveFor(w, "back", 5);
    const log = watchLog();
    // The staff's change holds the client's row while the run has found them past the period.
    const staffChange = await race.holding(`update "Client" set status = 'ACTIVE' where id = ${back.id}`);
    const running = eraseExpiredClients();
    await race.waiterOf(staffChange.pid);
    await staffChange.release();
    await running;
    expect(await erased(back.id)).toBe(false);
    expect(log.lines(CLIENT_ERASED).filter((l) => l.clientId === back.id)).toEqual([]);
    expect((await db.client.findUniqueOrThrow({ where: { id: back.id } })).status).toBe("ACTIVE");
  });
});

describe("the audit trail's rows past their institute's retention period", () => {
  /** A read of the client's record by the world's staff, `years` ago. */
  const readOf = async (w: Awaited<ReturnType<typeof makeWorld>>, clientId: number, years: number) => {
    const staff = await db.account.findUniqueOrThrow({ where: { username: w.staff.username } });
    return db.auditLog.create({
      data: {
        clinicId: w.clinic.id,
        accountId: staff.id,
        action: "READ_CLIENT",
        targetId: clientId,
        at: yearsAgo(years),
      },
    });
  };
  const present = async (id: number) => (await db.auditLog.count({ where: { id } })) === 1;

  it("go once their record is erased and they are older than the period; the rest stay", async () => {
    const w = await makeWorld();
    const elsewhere = await makeWorld();
    await db.institute.update({ where: { id: w.institute.id }, data: { retentionYears: 2 } });
    // Erased by the run itself: read while in care, five years ago, and once a year ago.
    const past = await inactiveFor(w, "past", 3);
    const [pastOld, pastRecent] = [await readOf(w, past.id, 5), await readOf(w, past.id, 1)];
    // A record still kept: its trail stays whole, however old.
    const within = await inactiveFor(w, "within", 1);
    const withinOld = await readOf(w, within.id, 5);
    // Erased on request in an institute with no period: its trail stays.
    const requested = await inactiveFor(elsewhere, "requested", 0);
    await eraseClient(db, elsewhere.clinic.id, requested.id);
    const requestedOld = await readOf(elsewhere, requested.id, 50);

    await eraseExpiredClients();

    expect(await present(pastOld.id)).toBe(false);
    expect(await present(pastRecent.id)).toBe(true);
    expect(await present(withinOld.id)).toBe(true);
    expect(await present(requestedOld.id)).toBe(true);
  });

  it("stay append-only: a row whose record is kept, or not yet old enough, cannot be deleted", async () => {
    const w = await makeWorld();
    await db.institute.update({ where: { id: w.institute.id }, data: { retentionYears: 2 } });
    const kept = await readOf(w, w.client.id, 5);
    await expect(db.auditLog.delete({ where: { id: kept.id } })).rejects.toThrow(/append-only/);
    const erasedClient = await inactiveFor(w, "erased", 0);
    await eraseClient(db, w.clinic.id, erasedClient.id);
    const recent = await readOf(w, erasedClient.id, 1);
    await expect(db.auditLog.delete({ where: { id: recent.id } })).rejects.toThrow(/append-only/);
    expect(await present(kept.id)).toBe(true);
    expect(await present(recent.id)).toBe(true);
  });
});
