import "server-only";
import type { z } from "zod";
import { sha256 } from "@/lib/auth/token-hash";
import { db } from "@/lib/db/prisma";
import { env } from "@/lib/env";
import { enqueue } from "@/lib/jobs/enqueue";
import { checkRateLimit } from "@/lib/rate-limit/check-rate-limit";
import type { PasswordResetRequest } from "@/lib/schemas/password-reset";

/**
 * "Forgot your password?": queues the search for the sign-ins the login names and their emails
 * (`sendPasswordResets`, a job). Nothing here depends on whether anyone matched, so the answer is
 * the same, in its time too, and tells no one who has an account. The same login asked for again
 * before its job ran is one job. Counted against the address like a sign-in.
 */
export async function requestPasswordReset(
  input: z.output<typeof PasswordResetRequest>,
  address: string,
): Promise<void> {
  await checkRateLimit([{ key: `reset:addr:${address}`, max: env().RATE_LIMIT_ADDRESS }]);
  const login = input.login.trim();
  // Keyed by the login in lower case: every way of typing it is one job.
  const jobKey = `password-reset:${sha256(login.toLowerCase())}`;
  await db().$transaction((tx) => enqueue(tx, "password-reset", { login }, { jobKey }));
}
