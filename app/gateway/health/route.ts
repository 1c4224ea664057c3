import { pool } from "@/lib/db/pool";
import { AppError } from "@/lib/errors";
import { json, route, unwrapped } from "@/lib/gateway/handler";
import { problem } from "@/lib/gateway/problem";
import { readHealth } from "@/lib/operations/service";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = route(
  unwrapped(readHealth, async () => {
    try {
      await pool().query("select 1");
      return json({ status: "UP" });
    } catch {
      return problem(new AppError("unavailable", "the database does not answer", undefined, { "retry-after": "5" }));
    }
  }),
);
