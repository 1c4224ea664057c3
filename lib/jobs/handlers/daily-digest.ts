import "server-only";
import { db } from "@/lib/db/prisma";
import { enqueue } from "@/lib/jobs/enqueue";
import { pages } from "@/lib/api-client/paths";
import { countDigestItems } from "@/lib/reminders/count-digest-items";
import { z } from "zod";
import type { TaskPayload } from "../tasks";

const CronPayload = z.object({ _cron: z.object({ ts: z.string() }) });

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
 * feedback or urgent alerts waiting for a review, one email with three counts and a link. Once per
 * caregiver and UTC day, however often the task runs (`Caregiver.digestSentOn`; the send-email job
 * key alone joins only jobs still pending).
 */
export async function dailyDigest(payload: TaskPayload<"daily-digest">): Promise<void> {
  const day = dayOf(payload);
  for (const row of await countDigestItems(payload.caregiverIds)) {
    await db().$transaction(async (tx) => {
      // Taken in the transaction that queues the email: a second run the same day finds it taken.
      const marked = await tx.$executeRaw`
        update "Caregiver" set "digestSentOn" = ${day}::date
         where id = ${row.caregiverId} and ("digestSentOn" is null or "digestSentOn" < ${day}::date)`;
      if (marked === 0) return;
      await enqueue(
        tx,
        "send-email",
        {
          to: row.email,
          language: row.language,
          kind: "digest",
          params: { waiting: row.waiting, alerts: row.alerts, toReview: row.toReview, path: pages.caregiver },
        },
        { jobKey: `digest:${String(row.caregiverId)}:${day}` },
      );
    });
  }
}
