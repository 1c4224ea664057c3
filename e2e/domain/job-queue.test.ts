import { randomBytes } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { sealSecret } from "@/lib/auth/secret-box";
import { db as appDb } from "@/lib/db/prisma";
import { enqueue } from "@/lib/jobs/enqueue";
import { mailTo, waitForMail } from "../support/mailbox";

// The job queue (graphile-worker on the same PostgreSQL) and email through SMTP: a job added in a
// transaction is run by the stack's separate worker process, which hands the message to a real
// SMTP server on loopback. These tests read what that server received.
const mailDir = inject("mailDir");
const baseUrl = inject("baseUrl");
const address = () => `queue-${randomBytes(6).toString("hex")}@example.test`;

describe("the job queue and email", () => {
  it("sends a queued email with a plain-text and an HTML part, in the person's language", async () => {
    const en = address();
    const fr = address();
    await appDb().$transaction(async (tx) => {
      await enqueue(tx, "send-email", { to: en, language: "EN", kind: "message", params: { path: "/homework" } });
      await enqueue(tx, "send-email", { to: fr, language: "FR", kind: "message", params: { path: "/homework" } });
    });
    const [english] = await waitForMail(mailDir, en);
    const [french] = await waitForMail(mailDir, fr);
    expect(english?.subject).toBe("You have a new message");
    expect(english?.text).toContain(`${baseUrl}/homework`);
    expect(english?.html).toContain(`href="${baseUrl}/homework"`);
    expect(french?.subject).toBe("Vous avez un nouveau message");
    expect(french?.html).toContain('lang="fr"');
  });

  it("sends nothing for a transaction that rolled back", async () => {
    const to = address();
    const witness = address();
    await expect(
      appDb().$transaction(async (tx) => {
        await enqueue(tx, "send-email", { to, language: "EN", kind: "message", params: {} });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    // A message queued after it arrives; by then the rolled-back one would have too.
    await appDb().$transaction((tx) =>
      enqueue(tx, "send-email", { to: witness, language: "EN", kind: "message", params: {} }),
    );
    await waitForMail(mailDir, witness);
    expect(mailTo(mailDir, to)).toEqual([]);
  });

  it("delivers an invitation link whose token is stored only sealed in the queue", async () => {
    const to = address();
    const token = randomBytes(24).toString("base64url");
    const sealedToken = sealSecret(token, process.env.SECRET_KEY ?? "");
    const later = address();
    await appDb().$transaction(async (tx) => {
      await enqueue(tx, "send-email", { to, language: "EN", kind: "invitation", params: {}, sealedToken });
      // The same job not due for an hour stays in the table to be looked at.
      const runAt = new Date(Date.now() + 3600_000);
      await enqueue(
        tx,
        "send-email",
        { to: later, language: "EN", kind: "invitation", params: {}, sealedToken },
        { runAt },
      );
    });
    const queued = await appDb().$queryRaw<{ payload: unknown }[]>`
      select payload from graphile_worker._private_jobs where payload->>'to' = ${later}`;
    expect(queued).toHaveLength(1);
    expect(JSON.stringify(queued[0]?.payload)).not.toContain(token);
    const [mail] = await waitForMail(mailDir, to);
    expect(mail?.text).toContain(`${baseUrl}/invite/${token}`);
  });
});
