import "server-only";
import type { Session } from "next-auth";
import type { ReactNode } from "react";
import { ClientFrame } from "@/components/client/client-frame";
import { ownFrame } from "@/lib/clients/own-frame";

/** The signed-in client's frame: their name, their language and their clinic's crisis contact. */
export async function OwnClientFrame({ session, children }: { session: Session; children: ReactNode }) {
  const { lang, crisisContact } = await ownFrame(session.user.accountId);
  return (
    <ClientFrame name={session.user.name ?? ""} lang={lang} crisisContact={crisisContact}>
      {children}
    </ClientFrame>
  );
}
