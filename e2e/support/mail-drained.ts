import { randomBytes } from "node:crypto";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { enqueue } from "@/lib/jobs/enqueue";
import { waitForMail } from "./mailbox";

/**
 * Waits until every email queued before now has been sent: a witness queued now (through `db`)
 * reaches its address in `mailDir`, and the worker takes jobs by run_at, so what was queued before
 * it has gone too. A test that expects no email checks the inbox after this.
 */
export async function mailDrained(db: PrismaClient, mailDir: string): Promise<void> {
  const witness = `witness-${randomBytes(6).toString("hex")}@example.test`;
  await db.$transaction((tx) =>
    enqueue(tx, "send-email", { to: witness, language: "EN", kind: "message", params: {} }),
  );
  await waitForMail(mailDir, witness, { timeoutMs: 30_000 });
}
