import { gateway, route } from "@/lib/gateway/handler";
import { siteOrigin } from "@/lib/invitations/site-origin";
import { inviteCaregiver } from "@/lib/invitations/create-invitation";
import * as op from "@/lib/operations/care-providers";

export const { GET, POST, PUT, PATCH, DELETE } = route(
  gateway(op.inviteCaregiver, ({ req, scope, params, query, offset }) =>
    inviteCaregiver(scope, params.id, {
      origin: siteOrigin(req),
      offset,
      clinicId: query.clinicId,
      sendEmail: query.sendEmail,
    }),
  ),
);
