// A Prisma client for scripts and tests (seed, admin CLI, test setup), outside the Next.js server.
import { PrismaPgInTurn } from "@/lib/db/prisma-pg-in-turn";
import { PrismaClient } from "@/lib/generated/prisma/client";

export function scriptClient(url = process.env.DATABASE_URL): PrismaClient {
  if (!url) throw new Error("DATABASE_URL is not set");
  return new PrismaClient({ adapter: new PrismaPgInTurn({ connectionString: url }, { onPoolError: () => {} }) });
}
