import "server-only";
import { db } from "@/lib/db/prisma";
import { enqueue } from "@/lib/jobs/enqueue";
import { pages } from "@/lib/api-client/paths";
import { countFeedbackDue } from "@/lib/reminders/count-feedback-due";
import { z } from "zod";
import type { TaskPayload } from "../tasks";

const CronPayload = z.object({ _cron: z.object({ ts: z.string() }) });

// Once a day per caregiver is a fixed window of one digest a day, kept where the platform keeps
// its windows (RateLimit, shared by every instance): the row `digest:<caregiverId>` holds the end of
// the day it was sent for. Rate-limit rows are keyed by SHA-256 hex, so no limit ever meets this key;
// the rows of ended windows are swept there, so one row per caregiver at most stays.
const windowKey = (caregiverId: number) => `digest:${String(caregiverId)}`;
const dayEnd = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 3600 * 1000);

/**
 * The UTC day of the run: the cron moment's (graphile-worker puts `_cron: { ts }` in its jobs, so
 * a moment run late after a restart still counts for its own day), else today.
 */
function dayOf(payload: TaskPayload<"daily-digest">): string {
  const cron = CronPayload.safeParse(payload);
  const at = cron.success ? new Date(cron.data._cron.ts) : new Date();
  return (Number.isNaN(at.getTime()) ? new Date() : at).toISOString().slice(0, 10);
}

/**
 * Once a day (graphile-worker cron, DIGEST_CRON): to each caregiver with homework waiting for their
 * feedback, one email with two counts and a link. Once per caregiver and UTC day, however often
 * the task runs: the day's window is taken in the transaction that queues the email, and a second
 * run finds it taken (the send-email job key alone joins only jobs still pending).
 */
export async function dailyDigest(payload: TaskPayload<"daily-digest">): Promise<void> {
  const day = dayOf(payload);
  for (const row of await countFeedbackDue()) {
    await db().$transaction(async (tx) => {
      // The window's end is stored as UTC wall time, as the rate limits store theirs.
      const marked = await tx.$executeRaw`
        insert into "RateLimit" (key, "windowStart", count)
        values (${windowKey(row.caregiverId)}, (${dayEnd(day)}::timestamptz at time zone 'UTC'), 1)
        on conflict (key) do update set "windowStart" = excluded."windowStart", count = 1
         where "RateLimit"."windowStart" < excluded."windowStart"`;
      if (marked === 0) return;
      await enqueue(
        tx,
        "send-email",
        {
          to: row.email,
          language: row.language,
          kind: "digest",
          params: { waiting: row.waiting, alerts: row.alerts, path: pages.caregiver },
        },
        { jobKey: `digest:${String(row.caregiverId)}:${day}` },
      );
    });
  }
}
