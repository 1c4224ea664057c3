import "server-only";
import { mayBeInvited } from "@/lib/auth/sign-in-hold";
import { sha256 } from "@/lib/auth/token-hash";
import { db } from "@/lib/db/prisma";
import { hasNewerInvitation } from "./has-newer-invitation";
import { invitationState } from "./invitation-state";
import type { Lang } from "@/lib/schemas/module-definition";

/** The language of the invitee's pages: a client's own, else English. */
type InLanguage = { lang: Lang };

export type InvitationView = InLanguage &
  (
    | { state: "OPEN"; name: string; email: string; clinicName: string; role: "CAREGIVER" | "CLIENT" }
    | { state: "USED" | "EXPIRED" | "REVOKED" | "UNKNOWN" | "CLOSED" }
  );

/**
 * What the invitation page may show for a token: who is invited to which clinic (names only), or
 * why the link no longer works. CLOSED: the person's status or an existing sign-in rules it out.
 */
export async function readInvitation(token: string): Promise<InvitationView> {
  if (token.length > 200) return { state: "UNKNOWN", lang: "en" };
  const row = await db().invitation.findUnique({
    where: { tokenHash: sha256(token) },
    select: {
      id: true,
      caregiverId: true,
      clientId: true,
      expiresAt: true,
      usedAt: true,
      revokedAt: true,
      clinic: { select: { name: true } },
      caregiver: {
        select: { name: true, email: true, activationStatus: true, account: { select: { id: true } } },
      },
      client: { select: { name: true, email: true, language: true, status: true, account: { select: { id: true } } } },
    },
  });
  if (!row) return { state: "UNKNOWN", lang: "en" };
  // A care provider's pages are in English whatever their emails' language: so is their invitation.
  const lang: Lang = row.client?.language === "FR" ? "fr" : "en";
  const state = await invitationState(db(), row);
  // Revoked by a status change rather than renewed: there is no newer link to look for.
  if (state === "REVOKED" && !(await hasNewerInvitation(db(), row))) return { state: "CLOSED", lang };
  if (state !== "OPEN") return { state, lang };
  const clinicName = row.clinic.name;
  if (row.caregiver) {
    const c = row.caregiver;
    if (c.account || !mayBeInvited(c.activationStatus)) return { state: "CLOSED", lang };
    return { state, lang, name: c.name, email: c.email, clinicName, role: "CAREGIVER" };
  }
  if (row.client) {
    const c = row.client;
    if (c.account || c.status !== "ACTIVE") return { state: "CLOSED", lang };
    return { state, lang, name: c.name, email: c.email, clinicName, role: "CLIENT" };
  }
  return { state: "UNKNOWN", lang };
}
