// Runs a command with DATABASE_URL set: the given one, or the embedded PostgreSQL under .data/
// (started for the command when `npm start` is not running it). Used by the `db:*` scripts.
import { spawnSync } from "node:child_process";
import { localDatabase } from "@/scripts/lib/local-database";

const [cmd, ...args] = process.argv.slice(2);
if (!cmd) throw new Error("usage: tsx scripts/with-database.ts <command> [args…]");
const db = await localDatabase();
const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, DATABASE_URL: db.url } });
await db.stop();
process.exit(r.status ?? 1);
