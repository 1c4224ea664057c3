"use client";

import { InvitationLink } from "@/components/clinic/invitation-link";

/**
 * The invitation card of a client's page, for the clinic's staff: a link for a client without a
 * sign-in (the API refuses, in words, a client who has one or is inactive).
 */
export function ClientInvitation({ clientId }: { clientId: number }) {
  return (
    <div className="mt-8">
      <InvitationLink who={{ clientId }} invitable />
    </div>
  );
}
