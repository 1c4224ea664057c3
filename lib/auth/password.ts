import "server-only";
import { hash, verify } from "@node-rs/argon2";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";

// argon2id (the library's default algorithm) with OWASP's recommended memory and time cost.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

// Verifying against this when the user does not exist keeps timing from telling who exists.
const DUMMY = hash("not-a-password", OPTIONS);

// Each verification takes ~19 MiB and a core for tens of milliseconds. A flood of sign-ins must not
// starve every other request of CPU and memory, so this process verifies a few at a time, lets a
// bounded number wait, and refuses the rest at once (per process on purpose: it guards this
// process's CPU; the sign-in limits in PostgreSQL are what all instances share).
// One address gets a few of those places at once (PASSWORD_HASH_PER_ADDRESS), so its flood cannot
// fill the queue ahead of everyone else's sign-in; the rest of its attempts are refused at once.
// The counts live on globalThis: Next.js loads this module once per route bundle (the token
// operation, next-auth's sign-in), and counts of each copy's own let the process verify as many
// again as configured (e2e/domain/password-slots.test.ts).
type Slots = { running: number; waiting: (() => void)[]; inFlight: Map<string, number> };
declare global {
  var __passwordSlots: Slots | undefined;
}
const slots: Slots = (globalThis.__passwordSlots ??= { running: 0, waiting: [], inFlight: new Map() });
const { waiting, inFlight } = slots;

async function withHashingSlot<T>(address: string, work: () => Promise<T>): Promise<T> {
  const { PASSWORD_HASH_CONCURRENCY, PASSWORD_HASH_QUEUE, PASSWORD_HASH_PER_ADDRESS } = env();
  const mine = inFlight.get(address) ?? 0;
  if (mine >= PASSWORD_HASH_PER_ADDRESS) {
    throw new AppError(
      "rate_limited",
      "too many sign-ins at once from this address; retry after the time in Retry-After",
      undefined,
      { "retry-after": "1" },
    );
  }
  if (slots.running >= PASSWORD_HASH_CONCURRENCY && waiting.length >= PASSWORD_HASH_QUEUE) {
    throw new AppError("unavailable", "too many sign-ins at once; retry after the time in Retry-After", undefined, {
      "retry-after": "1",
    });
  }
  inFlight.set(address, mine + 1);
  try {
    if (slots.running < PASSWORD_HASH_CONCURRENCY) slots.running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      // The slot passes straight to the next waiter, so `running` never overshoots.
      const next = waiting.shift();
      if (next) next();
      else slots.running--;
    }
  } finally {
    leave(address);
  }
}

function leave(address: string) {
  const left = (inFlight.get(address) ?? 1) - 1;
  if (left > 0) inFlight.set(address, left);
  else inFlight.delete(address);
}

/**
 * Throws AppError "unavailable" (503, Retry-After) when this process is already verifying too many,
 * "rate_limited" (429, Retry-After) when `address` has its share of them.
 */
export function verifyPassword(stored: string | null | undefined, password: string, address: string): Promise<boolean> {
  return withHashingSlot(address, async () => {
    if (!stored) {
      await verify(await DUMMY, password).catch(() => false);
      return false;
    }
    return verify(stored, password).catch(() => false);
  });
}
