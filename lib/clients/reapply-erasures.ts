import "server-only";
import { z } from "zod";
import { CLIENT_ERASED, eraseClient } from "@/lib/clients/erase-client";
import { AppError } from "@/lib/errors";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { Id } from "@/lib/schemas/common";

/** One erasure as its log line tells it (lib/clients/erase-client.ts, logErasure). */
export type LoggedErasure = { clinicId: number; clientId: number; erasedAt: Date };

/** What a log held: its erasures, one per client, and how many of its lines were what. */
export type ErasureLog = {
  lines: number;
  erasureLines: number;
  /** Lines that say nothing of an erasure: every other line of the log, skipped. */
  other: number;
  /** Lines that mention an erasure but are not its line as written (cut short, wrapped, edited). */
  malformed: number;
  /** By client id, ascending; a client named by several lines once, at its earliest erasure. */
  erasures: LoggedErasure[];
};

const ErasureLine = z.object({
  msg: z.literal(CLIENT_ERASED),
  clinicId: Id,
  clientId: Id,
  erasedAt: z.iso.datetime(),
});

/**
 * Reads a log's lines for the erasures they record. A line is taken from its first `{`, so that a
 * prefix a log viewer adds (journalctl's date and unit, a timestamp) does not hide it. Any line
 * that mentions an erasure and is not its line is counted apart rather than skipped with the rest:
 * each may be an erasure the restore brought back, for the operator to look at.
 */
export async function readErasureLog(lines: AsyncIterable<string> | Iterable<string>): Promise<ErasureLog> {
  const read: ErasureLog = { lines: 0, erasureLines: 0, other: 0, malformed: 0, erasures: [] };
  const byClient = new Map<string, LoggedErasure>();
  for await (const line of lines) {
    read.lines++;
    const erasure = parseLine(line);
    if (erasure === "other") read.other++;
    else if (erasure === "malformed") read.malformed++;
    else {
      read.erasureLines++;
      // A client erased, restored and erased again has two lines: the first is the one that says
      // since when the id is an erased client's (reapplyErasures).
      const key = `${erasure.clinicId}/${erasure.clientId}`;
      const seen = byClient.get(key);
      if (!seen || erasure.erasedAt < seen.erasedAt) byClient.set(key, erasure);
    }
  }
  read.erasures = [...byClient.values()].sort((a, b) => a.clientId - b.clientId || a.clinicId - b.clinicId);
  return read;
}

function parseLine(line: string): LoggedErasure | "other" | "malformed" {
  // Most of a log is request lines: only a line that mentions an erasure is parsed.
  if (!line.includes(CLIENT_ERASED)) return "other";
  const start = line.indexOf("{");
  if (start < 0) return "malformed";
  let value: unknown;
  try {
    value = JSON.parse(line.slice(start));
  } catch {
    return "malformed";
  }
  const r = ErasureLine.safeParse(value);
  if (!r.success) return "malformed";
  return { clinicId: r.data.clinicId, clientId: r.data.clientId, erasedAt: new Date(r.data.erasedAt) };
}

export type Reapplied = {
  erasedAgain: number;
  alreadyErased: number;
  /** No such client in that clinic: the backup is older than the client, or the line is another deployment's. */
  notFound: number;
  /** The id is a client created after the erasure: not the one erased, left as it is. */
  newer: number;
};

/**
 * After a backup is restored: erases again each client the log says was erased and the restore
 * brought back, by the same erasure as on request (eraseClient: the client's lock, the clinic's
 * check, its own line in the log). One already erased (in the backup, or by an earlier run) is
 * left, so a second run erases nothing. A client created after the erasure is not the one erased
 * even with its id: ids are handed out again from the restored sequence, so a client created since
 * the restore may have it (run it before the instances serve again, and this is only a safeguard).
 */
export async function reapplyErasures(p: PrismaClient, erasures: readonly LoggedErasure[]): Promise<Reapplied> {
  const r: Reapplied = { erasedAgain: 0, alreadyErased: 0, notFound: 0, newer: 0 };
  for (const { clinicId, clientId, erasedAt } of erasures) {
    const client = await p.client.findFirst({
      where: { id: clientId, clinicId },
      select: { createdAt: true, erasedAt: true },
    });
    if (!client) r.notFound++;
    else if (client.erasedAt) r.alreadyErased++;
    // Both moments are the database's clock (a client's insert and the erasure's lock read it).
    else if (client.createdAt > erasedAt) r.newer++;
    else {
      try {
        await eraseClient(p, clinicId, clientId);
        r.erasedAgain++;
      } catch (e) {
        // Erased or gone since it was read: by another run at the same moment, say.
        if (!(e instanceof AppError) || (e.code !== "conflict" && e.code !== "not_found")) throw e;
        if (e.code === "conflict") r.alreadyErased++;
        else r.notFound++;
      }
    }
  }
  return r;
}
