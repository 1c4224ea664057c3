// `npm start`: everything a fresh machine needs, in order. No DATABASE_URL → embedded PostgreSQL
// under .data/ → committed migrations → demo world when the embedded database is new → production
// build when the sources changed → `next start`. Ctrl-C stops all of it and loses nothing.
import { localDatabase, localSecretKey } from "@/lib/db/local-database";
import { scriptClient } from "@/lib/db/script-client";
import { printDemoSignIns, seedDemo } from "@/lib/db/seed-demo";
import { ensureBuild, migrateDeploy, startNext } from "./lib/processes";

const port = Number(process.env.PORT ?? 3000);
const step = (s: string) => console.log(`▸ ${s}`);

const db = await localDatabase();
step(db.embedded ? `PostgreSQL (embedded, data in .data/postgres): ${db.url}` : "PostgreSQL: DATABASE_URL");
step("Applying migrations");
await migrateDeploy(db.url);
if (db.embedded) {
  const p = scriptClient(db.url);
  if (await seedDemo(p)) step("Demo data created");
  await p.$disconnect();
}
step("Building (skipped when the sources have not changed)");
if (await ensureBuild({ quiet: false })) step("Build done");
const server = await startNext(port, { DATABASE_URL: db.url, SECRET_KEY: localSecretKey(), PORT: String(port) }, { host: process.env.HOST ?? "0.0.0.0" });
console.log(`\n✔ Care Program Platform on http://localhost:${port}  (API reference: http://localhost:${port}/docs)`);
if (db.embedded) printDemoSignIns(`http://localhost:${port}`);
else console.log("Demo data is created only on the embedded database or with `npm run db:seed`.");

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  console.log("\nStopping…");
  await server.stop();
  await db.stop();
  process.exit(0);
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
server.child.on("exit", (code) => {
  if (!stopping) {
    console.error(`next start exited with ${code}`);
    void db.stop().then(() => process.exit(code ?? 1));
  }
});
