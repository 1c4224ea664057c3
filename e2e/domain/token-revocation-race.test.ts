import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authenticatePassword } from "@/lib/auth/authenticate-password";
import { disableAccount, enableAccount } from "@/lib/auth/disable-account";
import { grantRefresh } from "@/lib/auth/grant-refresh";
import { issueTokens, type TokenBody } from "@/lib/auth/issue-tokens";
import { revokeTokenFamily } from "@/lib/auth/revoke-token-family";
import { sha256 } from "@/lib/auth/token-hash";
import { scopeOfWebSession, startWebSession } from "@/lib/auth/web-session-record";
import { db as appDb } from "@/lib/db/prisma";
import { api } from "../api/support/world";
import { db, makeWorld } from "./support/domain-world";
import { raceOnOwnConnections } from "./support/race";

// A revocation (a refresh token's family, a disabled account) must end every token the family or
// account holds once it answers, including one a sign-in or a refresh was writing at that moment:
// otherwise the token written meanwhile lives on, and a thief's refresh loop outlives the victim's
// revocation, or enabling an account brings back a token issued as it was being disabled.

const race = raceOnOwnConnections();
beforeAll(() => race.start());
afterAll(() => race.stop());

const refreshGrant = (token: string) =>
  api("/gateway/uaa/oauth/token", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    rawBody: new URLSearchParams({ grant_type: "refresh_token", refresh_token: token }).toString(),
  });

async function carer() {
  const w = await makeWorld();
  const account = await db.account.findUniqueOrThrow({ where: { username: w.carer.username } });
  return {
    account: { id: account.id, role: "CAREGIVER" as const },
    username: account.username,
    password: w.carer.password,
  };
}

describe("a revocation racing what writes tokens", () => {
  it("ends the tokens of a refresh under way when the family is revoked, and the refresh tokens after it", async () => {
    const { account } = await carer();
    const first = await appDb().$transaction((tx) => issueTokens(tx, account));
    const familyId = (await db.refreshToken.findUniqueOrThrow({ where: { tokenHash: sha256(first.refresh_token) } }))
      .familyId;

    // The refresh has claimed its token and waits to write its successors; the revocation comes then.
    const inserts = await race.holding(`lock table "AccessToken" in share mode`);
    const refreshing = grantRefresh(first.refresh_token);
    const refresher = await race.waiterOf(inserts.pid);
    const revoking = revokeTokenFamily(familyId);
    await race.waiterOf(refresher);
    await inserts.release();
    const second = await refreshing;
    await revoking;

    // Everything the family held when the revocation answered is ended, the refresh's answer too.
    expect(await db.refreshToken.count({ where: { familyId, revokedAt: null } })).toBe(0);
    expect(await db.accessToken.count({ where: { familyId, revokedAt: null } })).toBe(0);
    const next = await refreshGrant(second.refresh_token);
    expect(next.status, next.text).toBe(400);
    expect(next.json.error).toBe("invalid_grant");
    const read = await api("/gateway/profile/caregiver/alert", { token: second.access_token });
    expect(read.status, read.text).toBe(401);
  });

  it("ends the tokens a sign-in has written but not yet committed when the account is disabled", async () => {
    const { account, username } = await carer();
    let commit = () => {};
    const committed = new Promise<void>((resolve) => {
      commit = resolve;
    });
    let written: (tokens: TokenBody) => void = () => {};
    const tokens = new Promise<TokenBody>((resolve) => {
      written = resolve;
    });
    // The sign-in's transaction has written its tokens and not committed them.
    const signingIn = appDb().$transaction(async (tx) => {
      written(await issueTokens(tx, account));
      await committed;
    });
    const issued = await tokens;

    // The disable comes then: it waits for the sign-in to commit (or, were nothing held, runs past it).
    const disabling = disableAccount(appDb(), username);
    const disabled = disabling.then(() => true);
    while (!(await Promise.race([disabled, race.waiting()]))) await new Promise((r) => setTimeout(r, 20));
    commit();
    await signingIn;
    await disabling;

    await enableAccount(appDb(), username);
    const read = await api("/gateway/profile/caregiver/alert", { token: issued.access_token });
    expect(read.status, read.text).toBe(401);
    const refreshed = await refreshGrant(issued.refresh_token);
    expect(refreshed.status, refreshed.text).toBe(400);
  });

  it("writes no token or web session for an account disabled after its password was checked", async () => {
    const { account, username, password } = await carer();
    const checked = await authenticatePassword(username, password, "192.0.2.31");
    expect(checked).toMatchObject({ id: account.id });
    await disableAccount(appDb(), username);

    // What the sign-in goes on to write once its password checked out: refused, as the account is disabled.
    await expect(appDb().$transaction((tx) => issueTokens(tx, account))).rejects.toThrow(/may not sign in/);
    expect(await startWebSession(account.id)).toBeNull();

    // Enabling it brings back nothing issued around the disable.
    await enableAccount(appDb(), username);
    expect(await db.accessToken.count({ where: { accountId: account.id, revokedAt: null } })).toBe(0);
    expect(await db.refreshToken.count({ where: { accountId: account.id, revokedAt: null } })).toBe(0);
    expect(await db.webSession.count({ where: { accountId: account.id, revokedAt: null } })).toBe(0);
    // A sign-in after that works as before.
    const after = await appDb().$transaction((tx) => issueTokens(tx, account));
    const read = await api("/gateway/profile/caregiver/alert", { token: after.access_token });
    expect(read.status, read.text).toBe(200);
    const sid = await startWebSession(account.id);
    expect(sid && (await scopeOfWebSession(sid))).toMatchObject({ accountId: account.id });
  });
});
