import { rm } from "node:fs/promises";
import type { TestProject } from "vitest/node";
import { startStack } from "../../../scripts/lib/test-stack";
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

export default async function setup(project: TestProject) {
  const starting = startStack("test");
  const [stack, adminCli] = await Promise.all([starting, bundleAdminCli()]).catch(async (e: unknown) => {
    // The bundle failed: the stack that did start is stopped, not left running.
    await starting.then((s) => s.stop()).catch(() => undefined);
    throw e;
  });
  project.provide("baseUrl", stack.baseUrl);
  project.provide("databaseUrl", stack.databaseUrl);
  project.provide("secretKey", stack.secretKey);
  project.provide("idpIssuer", stack.idpIssuer);
  project.provide("mailDir", stack.mailDir);
  project.provide("smtpUrl", stack.smtpUrl);
  project.provide("adminCli", adminCli);
  return async () => {
    await stack.stop();
    await rm(adminCli, { force: true });
  };
}
