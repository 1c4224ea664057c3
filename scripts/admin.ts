// `npm run admin -- <command>`: the operator's onboarding and upkeep, one command at a time
// (scripts/lib/admin-commands.ts); `--help` lists them. The exit status is 0 only when the command
// did all it was asked, 2 for a mistake in the command line, 1 otherwise.
import { parseArgs } from "node:util";
import { errorKind, isDbUnavailable, isRecordNotFound, uniqueViolation } from "@/lib/db/errors";
import { log } from "@/lib/log";
import { COMMANDS } from "@/scripts/lib/admin-commands";
import { UsageError, type Opts } from "@/scripts/lib/admin-options";
import { localDatabase } from "@/scripts/lib/local-database";
import { scriptClient } from "@/scripts/lib/script-client";

function help() {
  console.log("Usage: npm run admin -- <command> [options]\n\nCommands:");
  for (const [name, c] of Object.entries(COMMANDS)) console.log(`  ${name} ${c.usage}\n      ${c.help}`);
  console.log(
    "\nThe database is DATABASE_URL, or the embedded one under .data/ (started for the command when not running).",
  );
}

/**
 * The one line an operator reads for a failed command: what went wrong in words, never a stack or
 * a Prisma frame (whose message quotes the query). Every command gets it by throwing.
 */
function reason(e: unknown): string {
  const taken = uniqueViolation(e);
  if (taken)
    return `already taken: ${taken.fields.join(", ") || taken.constraint || "a unique value"} (choose another)`;
  const kind = errorKind(e);
  if (kind.code === "P2003" || kind.sqlState === "23503") return "an id given (--institute or --clinic) does not exist";
  if (isRecordNotFound(e)) return "no such record: check the id given";
  if (isDbUnavailable(e)) return "the database cannot be reached";
  if (kind.sqlState || /^P\d{4}$/.test(kind.code ?? "") || /^(Prisma|DriverAdapter)/.test(kind.type))
    return `unexpected database error (${[kind.type, kind.code, kind.sqlState].filter(Boolean).join(" ")})`;
  const first = e instanceof Error ? (e.message.split("\n")[0] ?? "").trim() : "";
  return first || `unexpected error (${kind.type})`;
}

/** Runs the command; the exit status is 0 only when it did all it was asked. */
async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h" || name === "help") {
    help();
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) throw new UsageError(`unknown command ${name} (npm run admin -- --help lists them)`);
  const options = [
    "name",
    "email",
    "username",
    "password",
    "api-key",
    "idp-issuer",
    "idp-client-id",
    "idp-client-secret",
    "idp-client-secret-file",
    "institute",
    "clinic",
    "position",
    "caregiver",
    "client",
    "retry",
    "years",
    "from",
  ];
  let parsed: Opts;
  try {
    parsed = parseArgs({
      args: rest,
      options: {
        ...Object.fromEntries(options.map((o) => [o, { type: "string" as const }])),
        "allow-provisioning": { type: "boolean" },
        "deny-provisioning": { type: "boolean" },
        remove: { type: "boolean" },
        failed: { type: "boolean" },
        keep: { type: "boolean" },
      },
      strict: true,
    }).values;
  } catch (e) {
    throw new UsageError(`${reason(e)} (usage: npm run admin -- ${name} ${command.usage})`);
  }
  const db = await localDatabase();
  const p = scriptClient(db.url);
  try {
    await command.run(p, parsed);
    return 0;
  } finally {
    await p.$disconnect().catch(() => {});
    await db.stop().catch(() => {});
  }
}

let status: number;
try {
  status = await main(process.argv.slice(2));
} catch (e) {
  console.error(`Error: ${reason(e)}`);
  status = e instanceof UsageError ? 2 : 1;
}
// Explicitly: a library's handle left open (or its exit handler) must not decide the status. What
// was printed goes out first: exiting cuts off output still queued for a pipe. The log's own
// buffer too, which holds an erasure's line (lib/clients/erase-client.ts): the only trace of it
// that a restore of the database leaves.
await Promise.all([
  ...[process.stdout, process.stderr].map((stream) => new Promise((done) => stream.write("", done))),
  new Promise((done) => {
    log.flush(done);
  }),
]);
process.exit(status);
