import "server-only";
import { db } from "@/lib/db/prisma";
import { env } from "@/lib/env";
import type { Role } from "@/lib/generated/prisma/enums";
import { verifyPassword } from "@/lib/auth/password";
import { checkRateLimit, releaseRateLimit, type Reservation } from "@/lib/rate-limit/check-rate-limit";
import { hasNul } from "@/lib/schemas/common";
import { PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH } from "@/lib/schemas/token";
import { foldUsername } from "@/lib/schemas/username";

/** `checkedHash`: the hash the password was checked against; tokens and sessions are written only while it is still the account's. */
export type PasswordAccount = { id: number; role: Role; name: string | null; checkedHash: string };

/** What one (username, address) pair may fail in the account's window: a quarter of its ceiling. */
const pairShareOfAccount = (accountMax: number) => Math.max(1, Math.floor(accountMax / 4));

/**
 * Every username-and-password sign-in (the token operation's password grant and the pages' form)
 * goes through here, so both count against the same limits in PostgreSQL:
 * - requests per client address (RATE_LIMIT_ADDRESS);
 * - failures per username and address: RATE_LIMIT_USER in the short window, and a quarter of
 *   RATE_LIMIT_ACCOUNT in the account's window, so one address alone can never fill the account's
 *   ceiling: it takes at least four to lock a person out;
 * - failures per username from anywhere (RATE_LIMIT_ACCOUNT, its own longer window), against
 *   guessing spread over many addresses.
 * A failure is counted before the password is verified (a reservation) and given back when the
 * password was right or never verified: attempts sent at once cannot all pass the check.
 * Returns null for a wrong username or password (or one longer than any account's) or a disabled
 * account; throws 429 when limited, 503 when this process is verifying too many passwords already.
 */
export async function authenticatePassword(
  username: string,
  password: string,
  address: string,
): Promise<PasswordAccount | null> {
  // No account's name is that long or holds a NUL (which PostgreSQL would refuse to compare with);
  // the token operation refuses such input as bad, the form has no other check.
  if (username.length > USERNAME_MAX_LENGTH || password.length > PASSWORD_MAX_LENGTH || hasNul(username)) return null;
  const e = env();
  const name = foldUsername(username);
  // JSON keeps the pair unambiguous whatever characters a username (or an IPv6 address) holds.
  const pair = JSON.stringify([address, name]);
  const local = await checkRateLimit([
    { key: `token:addr:${address}`, max: e.RATE_LIMIT_ADDRESS },
    { key: `signin:fail:${pair}`, max: e.RATE_LIMIT_USER },
    {
      key: `signin:pair:${pair}`,
      max: pairShareOfAccount(e.RATE_LIMIT_ACCOUNT),
      windowSeconds: e.RATE_LIMIT_ACCOUNT_WINDOW_SECONDS,
    },
  ]);
  const reserved: Reservation = local.filter((r) => r.limit.startsWith("signin:"));
  try {
    // Counted only once the address passed: attempts refused above must not eat the person's
    // account-wide allowance, or one address could lock them out everywhere after all.
    reserved.push(
      ...(await checkRateLimit([
        {
          key: `signin:account:${name}`,
          max: e.RATE_LIMIT_ACCOUNT,
          windowSeconds: e.RATE_LIMIT_ACCOUNT_WINDOW_SECONDS,
        },
      ])),
    );
  } catch (err) {
    await releaseRateLimit(reserved);
    throw err;
  }
  let ok = false;
  let account: {
    id: number;
    role: Role;
    passwordHash: string | null;
    disabled: boolean;
    heldByStatus: boolean;
    staff: { name: string } | null;
    caregiver: { name: string } | null;
    client: { name: string } | null;
  } | null = null;
  try {
    account = await db().account.findUnique({
      where: { username: name },
      select: {
        id: true,
        role: true,
        passwordHash: true,
        disabled: true,
        heldByStatus: true,
        staff: { select: { name: true } },
        caregiver: { select: { name: true } },
        client: { select: { name: true } },
      },
    });
    ok = await verifyPassword(account?.passwordHash, password, address);
  } catch (err) {
    await releaseRateLimit(reserved);
    throw err;
  }
  if (!account?.passwordHash || !ok || account.disabled || account.heldByStatus) return null;
  await releaseRateLimit(reserved);
  const person = account.staff ?? account.caregiver ?? account.client;
  return { id: account.id, role: account.role, name: person?.name ?? null, checkedHash: account.passwordHash };
}
