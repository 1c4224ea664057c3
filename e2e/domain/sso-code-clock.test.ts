import { describe, expect, it } from "vitest";
import { claimCode } from "@/lib/sso/claim-code";
import { uid } from "../support/world";
import { databaseNowMs, onClockAhead, onClockBehind } from "./support/clock-off";
import { db, makeWorld } from "./support/domain-world";

// A spent authorization code is kept a day on the database's clock, so that one presented again is
// refused whichever instance it reaches: an instance whose clock is a day ahead does not sweep the
// record of a code spent a moment ago, and one whose clock is behind does not keep records longer.
const HOUR = 3_600_000;

describe("the spent authorization codes, on an instance whose clock is off from the database's", () => {
  it("refuses a code again after an instance 25 hours ahead has spent another", async () => {
    const { institute } = await makeWorld();
    const first = `code-${uid()}`;
    await claimCode(institute.id, first);
    await onClockAhead(25 * HOUR, () => claimCode(institute.id, `code-${uid()}`));
    await expect(claimCode(institute.id, first)).rejects.toThrow(/already been used/);
  });

  it("records the spending on the database's clock, and sweeps records a day old by it", async () => {
    const { institute } = await makeWorld();
    const before = await databaseNowMs();
    await onClockBehind(25 * HOUR, () => claimCode(institute.id, `code-${uid()}`));
    const after = await databaseNowMs();
    const [row] = await db.redeemedCode.findMany({ where: { instituteId: institute.id } });
    expect(row?.redeemedAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(row?.redeemedAt.getTime()).toBeLessThanOrEqual(after);

    await db.redeemedCode.updateMany({
      where: { instituteId: institute.id },
      data: { redeemedAt: new Date(before - 25 * HOUR) },
    });
    await onClockBehind(25 * HOUR, () => claimCode(institute.id, `code-${uid()}`));
    expect(await db.redeemedCode.count({ where: { instituteId: institute.id } })).toBe(1);
  });
});
