import { gateway, route } from "@/lib/gateway/handler";
import { siteOrigin } from "@/lib/invitations/site-origin";
import { inviteClient } from "@/lib/invitations/create-invitation";
import * as op from "@/lib/operations/care-providers";

export const { GET, POST, PUT, PATCH, DELETE } = route(
  gateway(op.inviteClient, ({ req, scope, params, query, offset }) =>
    inviteClient(scope, params.id, { origin: siteOrigin(req), offset, sendEmail: query.sendEmail }),
  ),
);
