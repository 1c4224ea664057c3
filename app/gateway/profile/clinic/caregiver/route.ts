import { createCaregiver } from "@/lib/caregivers/create-caregiver";
import { listCaregivers } from "@/lib/catalog/list-caregivers";
import { gateway, route } from "@/lib/gateway/handler";
import * as careProviders from "@/lib/operations/care-providers";
import * as op from "@/lib/operations/catalog";

export const { GET, POST, PUT, PATCH, DELETE } = route(
  gateway(op.listCaregivers, ({ scope, query }) => listCaregivers(scope, query)),
  gateway(careProviders.createCaregiver, async ({ scope, body }) => {
    const created = await createCaregiver(scope, body);
    return new Response(null, { status: 201, headers: { location: created.location, "content-length": "0" } });
  }),
);
