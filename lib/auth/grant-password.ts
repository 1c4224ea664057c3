import "server-only";
import { db } from "@/lib/db/prisma";
import { AppError } from "@/lib/errors";
import { verifyPassword } from "@/lib/auth/password";
import { issueTokens, type TokenBody } from "@/lib/auth/issue-tokens";

/** The password grant: username and password for a token pair. */
export async function grantPassword(username: string, password: string): Promise<TokenBody> {
  const account = await db().account.findUnique({
    where: { username },
    select: { id: true, role: true, passwordHash: true, disabled: true },
  });
  const ok = await verifyPassword(account?.passwordHash, password);
  if (!account || !ok || account.disabled) {
    throw new AppError("unauthorized", "invalid username or password", undefined, undefined, "invalid_grant");
  }
  return db().$transaction((tx) => issueTokens(tx, account));
}
