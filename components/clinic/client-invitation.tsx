"use client";

import { useQuery } from "@tanstack/react-query";
import { InvitationLink } from "@/components/clinic/invitation-link";
import { useDateFormat } from "@/components/local-date";
import { queries } from "@/lib/api-client/queries";
import { invitationStateWords } from "@/lib/api-client/words";

/**
 * The invitation card of a client's page, for the clinic's staff: none once the client has a
 * sign-in, an explanation while the client is inactive (the API refuses one), else the link.
 */
export function ClientInvitation({ clientId }: { clientId: number }) {
  // The same query as the client's details above it: one request, and refreshed by an invitation.
  const q = useQuery(queries.client(clientId));
  const date = useDateFormat();
  if (!q.data || q.data.hasSignIn) return null;
  const { status, invitation } = q.data;
  return (
    <InvitationLink
      who={{ clientId }}
      invitable={status === "ACTIVE"}
      why="An inactive client cannot be invited; make the client active first."
      open={invitation?.state === "OPEN"}
      current={
        invitation
          ? `${invitationStateWords[invitation.state]} (valid until ${date(invitation.expiresAt)}).`
          : undefined
      }
    />
  );
}
