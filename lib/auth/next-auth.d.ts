import type { DefaultSession } from "next-auth";
import type { Role } from "@/lib/generated/prisma/enums";

declare module "next-auth" {
  interface Session {
    /** `caregiverId`: a care provider's own, which their forms call "Me". */
    user: DefaultSession["user"] & { role: Role; accountId: number; caregiverId?: number };
  }
  /**
   * The platform account, as authorize, or signIn for the IdP, adds it (next-auth-options.ts); the
   * IdP's profile has none before signIn.
   */
  interface User {
    accountId?: number;
    role?: Role;
    /** A password sign-in's checked hash (authenticatePassword), for the session's write only. */
    checkedHash?: string;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    accountId?: number;
    role?: string;
    /** The web session's random id; its SHA-256 keys the WebSession record. */
    sid?: string;
    /** The IdP's ID token of a sign-in through it: the id_token_hint of the IdP's sign-out. */
    idToken?: string;
  }
}
