import "server-only";
import { db } from "@/lib/db/prisma";
import { AppError } from "@/lib/errors";
import { authenticatePassword } from "@/lib/auth/authenticate-password";
import { issueTokens, type TokenBody } from "@/lib/auth/issue-tokens";

/** The password grant: username and password for a token pair, under the sign-in limits. */
export async function grantPassword(username: string, password: string, address: string): Promise<TokenBody> {
  const account = await authenticatePassword(username, password, address);
  if (!account) {
    throw new AppError("unauthorized", "invalid username or password", undefined, undefined, "invalid_grant");
  }
  return db().$transaction((tx) => issueTokens(tx, account));
}
