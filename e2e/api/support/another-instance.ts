// Another server of the production build on the suite's database, with settings of its own (lower
// limits, a trusted proxy, an identity provider): what a test of those settings needs beside the
// suite's own server. Its NEXTAUTH_URL is its own address, as a deployment's is. Stop it in afterAll.
import { inject } from "vitest";
import { freePort } from "@/scripts/lib/embedded-postgres";
import { startNext, type RunningServer } from "@/scripts/lib/processes";

type Options = NonNullable<Parameters<typeof startNext>[2]>;

export async function anotherInstance(
  settings: Record<string, string>,
  options: Options = { quiet: true },
): Promise<RunningServer> {
  const port = await freePort();
  return startNext(
    port,
    {
      DATABASE_URL: inject("databaseUrl"),
      SECRET_KEY: inject("secretKey"),
      NEXTAUTH_URL: `http://127.0.0.1:${port}`,
      ...settings,
    },
    options,
  );
}
