import { rm } from "node:fs/promises";
import type { TestProject } from "vitest/node";
import { startStack, type Stack } from "../../../scripts/lib/test-stack";
import { bundleAdminCli } from "./admin-cli-bundle";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    secretKey: string;
    idpIssuer: string;
    mailDir: string;
    smtpUrl: string;
    /** The admin CLI bundled for plain `node` (./admin-cli-bundle.ts). */
    adminCli: string;
  }
}

type Started = { stack: Stack; adminCli: string };

// vitest calls a global setup once per project (vitest.config.ts has two), in one process: the
// first call starts the stack, each project is given it, and the last project's teardown stops it.
const shared = globalThis as typeof globalThis & { testStack?: { started: Promise<Started>; users: number } };

async function start(): Promise<Started> {
  const starting = startStack("test");
  const [stack, adminCli] = await Promise.all([starting, bundleAdminCli()]).catch(async (e: unknown) => {
    // The bundle failed: the stack that did start is stopped, not left running.
    await starting.then((s) => s.stop()).catch(() => undefined);
    throw e;
  });
  return { stack, adminCli };
}

export default async function setup(project: TestProject) {
  const entry = (shared.testStack ??= { started: start(), users: 0 });
  entry.users += 1;
  const { stack, adminCli } = await entry.started;
  project.provide("baseUrl", stack.baseUrl);
  project.provide("databaseUrl", stack.databaseUrl);
  project.provide("secretKey", stack.secretKey);
  project.provide("idpIssuer", stack.idpIssuer);
  project.provide("mailDir", stack.mailDir);
  project.provide("smtpUrl", stack.smtpUrl);
  project.provide("adminCli", adminCli);
  return async () => {
    entry.users -= 1;
    if (entry.users > 0) return;
    shared.testStack = undefined;
    await stack.stop();
    await rm(adminCli, { force: true });
  };
}
