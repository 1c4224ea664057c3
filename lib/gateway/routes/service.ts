import "server-only";
import { pool } from "@/lib/db/pool";
import { AppError } from "@/lib/errors";
import { type Bound, json, unwrapped } from "@/lib/gateway/handler";
import { problem } from "@/lib/gateway/problem";
import { readHealth } from "@/lib/operations/service";

/** The operations at /gateway/health, each bound to its lib function; lib/gateway/router.ts serves them. */
export const serviceRoutes: Bound[] = [
  unwrapped(readHealth, async () => {
    try {
      await pool().query("select 1");
      return json({ status: "UP" });
    } catch {
      return problem(new AppError("unavailable", "the database does not answer", undefined, { "retry-after": "5" }));
    }
  }),
];
