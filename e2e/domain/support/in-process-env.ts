// A vitest setup file: lets a test call lib functions in its own process against the test stack's
// PostgreSQL. The lib reads DATABASE_URL and SECRET_KEY (lib/env.ts) when it first needs them, so
// setting them here, before any test runs, points its pool at the database the global setup
// started. Tests that spawn processes give those processes their own values explicitly.
import { inject } from "vitest";

process.env.DATABASE_URL ??= inject("databaseUrl");
process.env.SECRET_KEY ??= inject("secretKey");
