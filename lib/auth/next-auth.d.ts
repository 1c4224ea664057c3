import type { DefaultSession } from "next-auth";

declare module "next-auth" {
  interface Session {
    user: DefaultSession["user"] & { role: "INSTITUTE" | "CLINIC" | "CAREGIVER" | "CLIENT"; accountId: number };
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
