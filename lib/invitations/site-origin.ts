import "server-only";
import { env } from "@/lib/env";

/** This site's origin as people reach it (NEXTAUTH_URL when configured): invitation links start with it. */
export const siteOrigin = (req: Request) => new URL(env().NEXTAUTH_URL ?? req.url).origin;
