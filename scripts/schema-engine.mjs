#!/usr/bin/env node
// Stand-in for Prisma's native `schema-engine` binary, which cannot be downloaded offline.
// The Prisma CLI spawns this file (PRISMA_SCHEMA_ENGINE_BINARY, set in prisma.config.ts) and
// speaks newline-delimited JSON-RPC 2.0 to it; we forward every call to the WebAssembly build of
// the same engine, which talks to PostgreSQL through Prisma's own `pg` driver adapter.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createInterface } from "node:readline";
import pg from "pg";

const require = createRequire(import.meta.url);
const { PrismaPg } = require("@prisma/adapter-pg");
const { bindMigrationAwareSqlAdapterFactory } = require("@prisma/driver-adapter-utils");
const wasmDir = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg").replace(/[^/]+$/, "");
const bg = await import(wasmDir + "schema_engine_bg.js");

// The engine reports a Rust panic's message through this global before it throws.
let panicMessage;
globalThis.PRISMA_WASM_PANIC_REGISTRY = { set_message: (m) => (panicMessage = m) };

function parseArgs(argv) {
  const args = { datamodels: [], datasource: undefined, rest: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--datamodels") args.datamodels.push(argv[++i]);
    else if (a === "--datasource") args.datasource = JSON.parse(argv[++i]);
    else if (a === "--enabled-preview-features" || a === "--extension-types") i++;
    else args.rest.push(a);
  }
  return args;
}

// Pitfall: with a connection string, pg lets the string's database win over an explicit one,
// so the shadow database would silently be the main one. Always hand pg discrete fields.
function pgConfig(url) {
  const u = new URL(url);
  const sslmode = u.searchParams.get("sslmode");
  return {
    host: decodeURIComponent(u.hostname) || u.searchParams.get("host") || "localhost",
    port: Number(u.port || 5432),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database: decodeURIComponent(u.pathname.slice(1)) || "postgres",
    ssl: sslmode && sslmode !== "disable" ? { rejectUnauthorized: sslmode === "verify-full" } : undefined,
  };
}

// The engine cannot read PostgreSQL's internal "char" type (OID 18); reading it as text is exact.
function patchCharColumns(adapter) {
  const proto = Object.getPrototypeOf(Object.getPrototypeOf(adapter));
  if (proto.__charPatched) return;
  const performIO = proto.performIO;
  proto.performIO = async function (query) {
    const result = await performIO.call(this, query);
    for (const field of result.fields) if (field.dataTypeID === 18) field.dataTypeID = 25;
    return result;
  };
  proto.__charPatched = true;
}

// The adapter runs a migration's script statement by statement, split at every ";", which cuts a
// function body ($$ … $$) or a string holding ";" apart. The native engine sends the script whole
// (PostgreSQL's simple query protocol runs several statements, as one transaction); so do we.
function patchWholeScripts(adapter) {
  const proto = Object.getPrototypeOf(adapter);
  if (proto.__scriptPatched) return;
  proto.executeScript = async function (script) {
    try {
      await this.client.query(script);
    } catch (error) {
      this.onError(error);
    }
  };
  proto.__scriptPatched = true;
}

/** The adapter as the engine needs it (see the two patches above). */
function patched(adapter) {
  patchCharColumns(adapter);
  patchWholeScripts(adapter);
  return adapter;
}

function adapterFactory(datasource) {
  const main = pgConfig(datasource.url);
  const base = new PrismaPg(main);
  return {
    provider: base.provider,
    adapterName: base.adapterName,
    async connect() {
      return patched(await base.connect());
    },
    async connectToShadowDb() {
      if (datasource.shadowDatabaseUrl) {
        return patched(await new PrismaPg(pgConfig(datasource.shadowDatabaseUrl)).connect());
      }
      const name = `prisma_migrate_shadow_db_${crypto.randomUUID()}`;
      const admin = new pg.Client(main);
      await admin.connect();
      await admin.query(`CREATE DATABASE "${name}"`);
      await admin.end();
      const shadow = new PrismaPg({ ...main, database: name });
      const adapter = patched(await shadow.connect());
      const dispose = adapter.dispose.bind(adapter);
      // The pool must be closed before the drop, or PostgreSQL refuses ("being accessed").
      adapter.dispose = async () => {
        await dispose();
        const c = new pg.Client(main);
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await c.end();
      };
      return adapter;
    },
  };
}

async function loadEngine(datamodelPaths, datasource) {
  const bytes = readFileSync(wasmDir + "schema_engine_bg.wasm");
  const { instance } = await WebAssembly.instantiate(bytes, { "./schema_engine_bg.js": bg });
  bg.__wbg_set_wasm(instance.exports);
  instance.exports.__wbindgen_start();
  const datamodels = datamodelPaths.length ? datamodelPaths.map((p) => [p, readFileSync(p, "utf8")]) : undefined;
  const log = (line) => process.stderr.write(String(line).trimEnd() + "\n");
  const factory = bindMigrationAwareSqlAdapterFactory(adapterFactory(datasource));
  return bg.SchemaEngine.new({ datamodels }, log, factory);
}

async function createDatabase(datasource) {
  const cfg = pgConfig(datasource.url);
  const c = new pg.Client({ ...cfg, database: "postgres" });
  await c.connect();
  try {
    const exists = await c.query("select 1 from pg_database where datname = $1", [cfg.database]);
    if (exists.rowCount === 0) await c.query(`CREATE DATABASE "${cfg.database.replaceAll('"', '""')}"`);
  } finally {
    await c.end();
  }
  return cfg.database;
}

function errorData(e) {
  if (panicMessage !== undefined) {
    const message = panicMessage;
    panicMessage = undefined;
    return { is_panic: true, message, error: { message } };
  }
  if (e && typeof e === "object" && "message" in e) {
    let parsed;
    try {
      parsed = JSON.parse(e.message);
    } catch {}
    if (parsed && typeof parsed === "object") return parsed;
    return { is_panic: false, message: e.message, error_code: e.error_code ?? e.code, meta: e.meta };
  }
  return { is_panic: false, message: String(e) };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.rest.includes("--version")) {
    console.log(`schema-engine-cli ${bg.version()} (wasm stand-in)`);
    return;
  }
  if (args.rest[0] === "cli") {
    const [, cmd] = args.rest;
    try {
      if (cmd === "create-database") await createDatabase(args.datasource);
      else if (cmd === "can-connect-to-database") {
        const c = new pg.Client(pgConfig(args.datasource.url));
        await c.connect();
        await c.end();
      } else throw new Error(`unsupported cli command ${cmd}`);
      process.exit(0);
    } catch (e) {
      process.stderr.write(JSON.stringify({ level: "ERROR", fields: { message: String(e?.message ?? e) } }) + "\n");
      process.exit(1);
    }
  }

  const engine = args.datasource
    ? await loadEngine(args.datamodels, args.datasource)
    : await loadEngine(args.datamodels, { url: "postgresql://localhost/postgres" });
  const out = (msg) => process.stdout.write(JSON.stringify(msg) + "\n");
  const pending = new Map();
  let printId = 1_000_000;
  const print = (content) =>
    new Promise((resolve) => {
      const id = printId++;
      pending.set(id, resolve);
      out({ jsonrpc: "2.0", id, method: "print", params: { content } });
    });

  const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
  let queue = Promise.resolve();
  rl.on("line", (line) => {
    if (!line.trim()) return;
    const msg = JSON.parse(line);
    if (msg.method === undefined && pending.has(msg.id)) {
      pending.get(msg.id)();
      pending.delete(msg.id);
      return;
    }
    // One call at a time, like the native engine.
    queue = queue.then(async () => {
      try {
        let result;
        switch (msg.method) {
          case "getDatabaseVersion":
            result = bg.version();
            break;
          case "createDatabase":
            result = {
              databaseName: await createDatabase(msg.params?.datasource?.url ? msg.params.datasource : args.datasource),
            };
            break;
          case "diff": {
            const r = await engine.diff(msg.params);
            if (r.stdout != null) await print(r.stdout);
            result = { exitCode: r.exitCode, stdout: null };
            break;
          }
          default:
            if (typeof engine[msg.method] !== "function") throw new Error(`unknown method ${msg.method}`);
            result = await engine[msg.method](msg.params ?? {});
        }
        out({ jsonrpc: "2.0", id: msg.id, result: result ?? null });
      } catch (e) {
        const data = errorData(e);
        out({
          jsonrpc: "2.0",
          id: msg.id,
          error: { code: 4466, message: "An error happened. Check the data field for details.", data },
        });
      }
    });
  });
  rl.on("close", () => queue.then(() => process.exit(0)));
}

// A Rust panic inside an engine task surfaces as an uncaught "unreachable": report it the way
// the native engine does (a JSON log line on stderr, exit code 101) so the CLI shows the message.
process.on("uncaughtException", (e) => {
  const message = panicMessage ?? String(e?.stack ?? e);
  process.stderr.write(
    JSON.stringify({ level: "ERROR", fields: { message, backtrace: String(e?.stack ?? "") } }) + "\n",
  );
  process.exit(101);
});

main().catch((e) => {
  process.stderr.write(JSON.stringify({ level: "ERROR", fields: { message: String(e?.stack ?? e) } }) + "\n");
  process.exit(101);
});
