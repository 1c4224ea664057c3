export type RunningStatus = "COMPLETED" | "FUTURE" | "RUNNING";

/** A session's running status, derived (never stored): see runningStatusSql for the SQL twin. */
export const runningStatusOf = (closed: boolean, future: boolean): RunningStatus =>
  closed ? "COMPLETED" : future ? "FUTURE" : "RUNNING";
