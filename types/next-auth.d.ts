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
  }
}
