import { readCaregiver } from "@/lib/caregivers/read-caregiver";
import { updateCaregiver } from "@/lib/caregivers/update-caregiver";
import { gateway, route } from "@/lib/gateway/handler";
import * as op from "@/lib/operations/care-providers";

export const { GET, POST, PUT, PATCH, DELETE } = route(
  gateway(op.readCaregiver, ({ scope, params, offset }) => readCaregiver(scope, params.id, offset)),
  gateway(op.updateCaregiver, ({ scope, params, body, offset }) => updateCaregiver(scope, params.id, body, offset)),
);
