import NextAuth from "next-auth";
import { nextAuthOptions } from "@/lib/auth/next-auth-options";

// Options are built per request so that the environment is read at run time, not at build time.
function handler(req: Request, ctx: { params: Promise<{ nextauth: string[] }> }) {
  return NextAuth(req as never, ctx as never, nextAuthOptions());
}

export { handler as GET, handler as POST };
