// Where the benchmark's processes run. A deployment gives a server instance a core (or more) of
// its own and PostgreSQL a machine of its own, and its clients are elsewhere; on one machine of two
// cores, left to the scheduler, PostgreSQL's backends and wrk also run on the server's core. On the
// host of 2026-11-28 that took 0.07 to 0.11 of the empty handler off each goal's ratio (the read
// 0.450 and 0.477 with every process on both cores, 0.557 and 0.580 with the server on a core of
// its own; docs/performance.md, "The server's own core"), and the empty handler itself, which never
// waits for PostgreSQL, nothing.
import { execFileSync } from "node:child_process";
import { cpus } from "node:os";

export type Placement = "apart" | "shared";

const CORES = cpus().length;
const ALL = `0-${CORES - 1}`;
/** The servers' core; the rest are PostgreSQL's and the load generator's. */
const SERVER = "0";
const REST = `1-${CORES - 1}`;

/** Whether the servers can have a core of their own here: a second core, and taskset (util-linux). */
export function canPlaceApart(): boolean {
  if (CORES < 2) return false;
  try {
    execFileSync("taskset", ["-p", String(process.pid)], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** Every thread of each process on `cores` (as taskset reads them: "0", "1-3"). */
function pin(pids: readonly number[], cores: string) {
  for (const pid of pids) {
    // A process that ended meanwhile (a backend its pool closed) has no place to keep.
    try {
      execFileSync("taskset", ["-a", "-cp", cores, String(pid)], { stdio: "ignore" });
    } catch {}
  }
}

/**
 * `apart`: the servers on core 0; PostgreSQL, this process and so every load generator it starts
 * from now on the others (PostgreSQL's new backends are forked by its postmaster, which is among
 * `others`, so they follow it). `shared`: each of them on every core.
 */
export function place(placement: Placement, servers: readonly number[], others: readonly number[]): void {
  const rest = [...others, process.pid];
  if (placement === "apart") {
    pin(servers, SERVER);
    pin(rest, REST);
  } else pin([...servers, ...rest], ALL);
}
