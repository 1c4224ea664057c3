import { describe, expect, it } from "vitest";
import { grantRefresh } from "@/lib/auth/grant-refresh";
import { issueTokens } from "@/lib/auth/issue-tokens";
import { sha256 } from "@/lib/auth/token-hash";
import { scopeOfWebSession, startWebSession } from "@/lib/auth/web-session-record";
import { db as appDb } from "@/lib/db/prisma";
import { env } from "@/lib/env";
import { api } from "../api/support/world";
import { onClockAhead, onClockBehind } from "./support/clock-off";
import { db, makeWorld } from "./support/domain-world";

// What a sign-in hands out ends on the database's clock, by which every request checks it: an
// instance whose clock is off writes no end that another instance, or the database, reads
// otherwise. Here the tokens and web session records are made in this process on a clock set back
// past their whole lifetime (or forward, for a refresh), and used against the test stack's server
// (the tokens) or read as the pages read them (the records). The cookie's own JWT expiry is
// next-auth's (docs/api-decisions.md, "Tokens").
const DAY = 86_400_000;

async function carerAccount() {
  const w = await makeWorld();
  const account = await db.account.findUniqueOrThrow({ where: { username: w.carer.username } });
  return { id: account.id, role: "CAREGIVER" as const };
}

/** A web session of an account that may sign in. */
async function started(accountId: number): Promise<string> {
  const sid = await startWebSession(accountId);
  if (!sid) throw new Error("no web session started");
  return sid;
}

const issue = (account: { id: number; role: "CAREGIVER" }) => appDb().$transaction((tx) => issueTokens(tx, account));

const refresh = (token: string) =>
  api("/gateway/uaa/oauth/token", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    rawBody: new URLSearchParams({ grant_type: "refresh_token", refresh_token: token }).toString(),
  });

describe("what a sign-in hands out, on an instance whose clock is off from the database's", () => {
  it("issues tokens that last as long as expires_in says, on a clock set back past their lifetime", async () => {
    const account = await carerAccount();
    const tokens = await onClockBehind(env().REFRESH_TOKEN_TTL * 1000 + DAY, () => issue(account));
    const alerts = await api("/gateway/profile/caregiver/alert", { token: tokens.access_token });
    expect(alerts.status, alerts.text).toBe(200);
    const refreshed = await refresh(tokens.refresh_token);
    expect(refreshed.status, refreshed.text).toBe(200);
    expect(refreshed.json).toMatchObject({ token_type: "bearer", expires_in: expect.any(Number) });
  });

  it("takes a refresh token on a clock set forward past its lifetime, while the database says it is live", async () => {
    const account = await carerAccount();
    const tokens = await issue(account);
    const next = await onClockAhead(env().REFRESH_TOKEN_TTL * 1000 + DAY, () => grantRefresh(tokens.refresh_token));
    expect(next.access_token).not.toBe(tokens.access_token);
    // The token was taken once: presented again, it is refused.
    await expect(grantRefresh(tokens.refresh_token)).rejects.toThrow(/invalid, expired, used or revoked/);
  });

  it("starts a web session that lasts SESSION_MAX_AGE, and clears the account's sessions that ended a day ago", async () => {
    const account = await carerAccount();
    const longGone = await started(account.id);
    const lately = await started(account.id);
    const endedAgo = (sid: string, ms: number) =>
      db.webSession.update({ where: { id: sha256(sid) }, data: { expiresAt: new Date(Date.now() - ms) } });
    await endedAgo(longGone, 2 * DAY);
    await endedAgo(lately, 3_600_000);
    expect(await db.webSession.count({ where: { accountId: account.id } })).toBe(2);

    const sid = await onClockBehind(env().SESSION_MAX_AGE * 1000 + DAY, () => started(account.id));
    expect(await scopeOfWebSession(sid)).toMatchObject({ role: "CAREGIVER", accountId: account.id });
    // The one that ended two days ago is gone; the one that ended an hour ago stays (and is refused).
    expect(await db.webSession.count({ where: { accountId: account.id } })).toBe(2);
    expect(await scopeOfWebSession(longGone)).toBeNull();
    expect(await scopeOfWebSession(lately)).toBeNull();
  });
});
