import type { z } from "zod";
import type { RunningStatus as RunningStatusEnum } from "@/lib/schemas/session";

/**
 * A session's running status, derived (never stored) by one rule on one clock, the database's:
 * runningStatusSql (session-scope.ts), read by every statement that answers it.
 */
export type RunningStatus = z.infer<typeof RunningStatusEnum>;
