import { pool } from "@/lib/db/pool";
import { AppError } from "@/lib/errors";
import { json } from "@/lib/gateway/handler";
import { problem } from "@/lib/gateway/problem";
import { notAllowed } from "@/lib/gateway/not-allowed";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  try {
    await pool().query("select 1");
    return json({ status: "UP" });
  } catch {
    return problem(new AppError("unavailable", "the database does not answer", undefined, { "retry-after": "5" }));
  }
}

export const { POST, PUT, PATCH, DELETE } = notAllowed("GET");
