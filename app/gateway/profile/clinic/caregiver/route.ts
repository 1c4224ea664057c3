import { createCaregiver } from "@/lib/caregivers/create-caregiver";
import { gateway, route } from "@/lib/gateway/handler";
import { reads, serveRead } from "@/lib/gateway/reads";
import * as careProviders from "@/lib/operations/care-providers";

export const { GET, POST, PUT, PATCH, DELETE } = route(
  serveRead(reads.listCaregivers),
  gateway(careProviders.createCaregiver, async ({ scope, body }) => {
    const created = await createCaregiver(scope, body);
    return new Response(null, { status: 201, headers: { location: created.location, "content-length": "0" } });
  }),
);
