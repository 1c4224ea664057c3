// `npm start`'s embedded PostgreSQL, run by this process in a process group of its own (started
// by `localDatabaseApart`, scripts/lib/local-database.ts). Ctrl-C in a terminal signals every
// process of the foreground group: PostgreSQL among them took it as a fast shutdown and ended the
// job workers' connections while they were still finishing their jobs. Here it hears no terminal;
// it stops when `npm start` asks, last, or when `npm start` has gone, however it went.
import { localDatabase, type LocalDatabase } from "./lib/local-database";

const stopAsked = new Promise<void>((resolve) => {
  process.on("message", (m) => {
    if (m === "stop") resolve();
  });
  process.on("disconnect", resolve);
});

let db: LocalDatabase;
try {
  db = await localDatabase();
} catch (e) {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
}
if (process.connected) process.send?.({ url: db.url, startedHere: db.startedHere });
await stopAsked;
await db.stop();
process.exit(0);
