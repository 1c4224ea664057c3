// `npm run admin -- jobs` as the operator runs it against the test stack's database, while the
// stack's separate worker process runs the queue: a job that failed is listed with its attempts
// and error (never its payload, which holds an address and a sealed token), and `--retry` runs it
// again once its cause is fixed.
import { randomBytes } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { waitForMail } from "../support/mailbox";
import { admin } from "./support/admin-cli";
import { db } from "./support/world";

type Job = { id: bigint; attempts: number; last_error: string | null };

async function jobState(id: bigint): Promise<Job | undefined> {
  const [job] = await db.$queryRaw<Job[]>`select id, attempts, last_error from graphile_worker.jobs where id = ${id}`;
  return job;
}

async function until<T>(what: string, probe: () => Promise<T | undefined | false>): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`${what} did not happen in time`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The listing's line of one job (indented, unlike the count above it: "1 failed job(s)" is no job 1). */
const lineOf = (stdout: string, id: bigint) => stdout.split("\n").find((l) => l.startsWith(`  ${id} `)) ?? "";

describe("npm run admin -- jobs", { timeout: 120_000 }, () => {
  it("lists a failed job without its payload, and --retry runs it again once its cause is fixed", async () => {
    const to = `jobs-${randomBytes(6).toString("hex")}@example.test`;
    const marker = `sealed-${randomBytes(12).toString("hex")}`;
    // A send-email whose payload does not parse (no such language) and one attempt: it fails at once.
    const payload = { to, language: "XX", kind: "message", params: {}, sealedToken: marker };
    const [added] = await db.$queryRaw<{ id: bigint }[]>`
      select id from graphile_worker.add_job('send-email', ${JSON.stringify(payload)}::json, max_attempts => 1)`;
    if (!added) throw new Error("no job added");
    const failed = await until("the job's failure", async () => {
      const j = await jobState(added.id);
      return j?.last_error ? j : undefined;
    });
    expect(failed.attempts).toBe(1);

    const list = await admin("jobs", "--failed");
    expect(list.code, list.stderr).toBe(0);
    const line = lineOf(list.stdout, added.id);
    expect(line).toMatch(/send-email\s+failed\s+1\/1\s+never \(retry it\)\s+\S/);
    expect(list.stdout).not.toContain(to);
    expect(list.stdout).not.toContain(marker);
    const all = await admin("jobs");
    expect(all.code, all.stderr).toBe(0);
    expect(all.stdout).toMatch(/job\(s\): \d+ pending, \d+ retrying, \d+ running, \d+ failed/);
    expect(lineOf(all.stdout, added.id)).toContain("failed");

    // An SMTP refusal quotes the recipient: the listing shows the reason, not the address.
    await db.$executeRaw`update graphile_worker._private_jobs
      set last_error = ${`Error: Can't send mail - all recipients were rejected: 550 5.1.1 <${to}>: Recipient address rejected\n    at SMTPConnection._formatError`}
      where id = ${added.id}`;
    const refused = lineOf((await admin("jobs", "--failed")).stdout, added.id);
    expect(refused).toContain("all recipients were rejected: 550 5.1.1 <<address>>: Recipient address rejected");
    expect(refused).not.toContain(to);
    expect(refused).not.toContain("SMTPConnection");

    // The operator fixes the cause (here: the payload), then retries: the email goes out.
    await db.$executeRaw`update graphile_worker._private_jobs
      set payload = (payload::jsonb || '{"language":"EN"}'::jsonb)::json where id = ${added.id}`;
    const retry = await admin("jobs", "--retry", String(added.id));
    expect(retry.code, retry.stderr).toBe(0);
    expect(retry.stdout).toMatch(new RegExp(`Job ${added.id} \\(send-email\\) will run again now`));
    const [mail] = await waitForMail(inject("mailDir"), to);
    expect(mail?.subject).toBe("You have a new message");
    await until("the job's removal once done", async () => !(await jobState(added.id)) && true);

    // Done jobs are gone: retrying one, or a job that never was, is a clear error.
    const gone = await admin("jobs", "--retry", String(added.id));
    expect(gone.code).toBe(1);
    expect(gone.stderr.trim()).toMatch(new RegExp(`^Error: no job ${added.id} `));
    const bad = await admin("jobs", "--retry", "abc");
    expect(bad.code).not.toBe(0);
    expect(bad.stderr.trim()).toMatch(/^Error: --retry must be a positive integer id/);
  });
});
