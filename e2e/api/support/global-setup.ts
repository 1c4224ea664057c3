import type { TestProject } from "vitest/node";
import { startStack } from "../../../scripts/lib/test-stack";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    secretKey: string;
    idpIssuer: string;
    mailDir: string;
    smtpUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const stack = await startStack("test");
  project.provide("baseUrl", stack.baseUrl);
  project.provide("databaseUrl", stack.databaseUrl);
  project.provide("secretKey", stack.secretKey);
  project.provide("idpIssuer", stack.idpIssuer);
  project.provide("mailDir", stack.mailDir);
  project.provide("smtpUrl", stack.smtpUrl);
  return stack.stop;
}
