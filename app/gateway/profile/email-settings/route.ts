import { readEmailSettings } from "@/lib/email-settings/read-email-settings";
import { updateEmailSettings } from "@/lib/email-settings/update-email-settings";
import { gateway, route } from "@/lib/gateway/handler";
import * as op from "@/lib/operations/profile";

export const { GET, POST, PUT, PATCH, DELETE } = route(
  gateway(op.readEmailSettings, ({ scope }) => readEmailSettings(scope)),
  gateway(op.updateEmailSettings, ({ scope, body }) => updateEmailSettings(scope, body)),
);
