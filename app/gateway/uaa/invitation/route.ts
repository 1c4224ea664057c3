import { gateway, route } from "@/lib/gateway/handler";
import { acceptInvitation } from "@/lib/invitations/accept-invitation";
import * as op from "@/lib/operations/care-providers";
import { clientAddress } from "@/lib/rate-limit/check-rate-limit";

export const { GET, POST, PUT, PATCH, DELETE } = route(
  gateway(op.acceptInvitation, ({ req, body }) => acceptInvitation(body, clientAddress(req))),
);
