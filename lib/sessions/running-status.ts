/** A session's running status, derived (never stored): see runningStatusSql for the SQL twin. */
export const runningStatusOf = (closed: boolean, future: boolean) =>
  (closed ? "COMPLETED" : future ? "FUTURE" : "RUNNING") as "COMPLETED" | "FUTURE" | "RUNNING";
