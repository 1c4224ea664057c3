import { startStack } from "../../scripts/lib/test-stack";

// The same stack as the API tests; workers read where it runs from the environment.
export default async function globalSetup() {
  const stack = await startStack("e2e");
  process.env.E2E_BASE_URL = stack.baseUrl;
  process.env.E2E_DATABASE_URL = stack.databaseUrl;
  process.env.E2E_IDP_ISSUER = stack.idpIssuer;
  process.env.E2E_MAIL_DIR = stack.mailDir;
  return stack.stop;
}
