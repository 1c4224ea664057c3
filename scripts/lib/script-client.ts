// A Prisma client for scripts and tests (seed, admin CLI, test setup), outside the Next.js server.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";

export function scriptClient(url = process.env.DATABASE_URL): PrismaClient {
  if (!url) throw new Error("DATABASE_URL is not set");
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: url }, { onPoolError: () => {} }) });
}
