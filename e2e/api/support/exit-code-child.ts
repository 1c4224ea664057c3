// Starts and stops an embedded PostgreSQL as the test stack and the CLI do, sets an exit code and
// ends by itself: the exit status must be that code (e2e/api/exit-code.test.ts).
import path from "node:path";
import { startEmbeddedPostgres } from "../../../scripts/lib/embedded-postgres";

const pg = await startEmbeddedPostgres({
  dir: path.join(process.argv[2] ?? ".data", `exit-code-pg-${process.pid}`),
  persistent: false,
  quiet: true,
});
await pg.stop();
process.exitCode = 3;
