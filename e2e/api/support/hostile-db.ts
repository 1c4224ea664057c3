import pg from "pg";
import { inject } from "vitest";

/** A small pg pool for fingerprinting the database between generated requests. */
export const pool = new pg.Pool({ connectionString: inject("databaseUrl"), max: 4 });
