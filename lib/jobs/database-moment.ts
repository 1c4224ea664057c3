import { z } from "zod";

// A moment of the database's clock carried in a job's payload and matched against the rows it was
// written to: written out to the millisecond (the columns' precision), in UTC, in one fixed form
// whatever the connection's DateStyle.

/** PostgreSQL's to_char pattern of a moment. */
export const MOMENT_PATTERN = "YYYY-MM-DD HH24:MI:SS.MS";

/** A moment as MOMENT_PATTERN writes it. */
export const DatabaseMoment = z.string().regex(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/);
