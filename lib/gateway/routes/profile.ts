import "server-only";
import { readClinicSettings, readOwnCrisisContact, updateClinicSettings } from "@/lib/clinics/clinic-settings";
import { readEmailSettings } from "@/lib/email-settings/read-email-settings";
import { updateEmailSettings } from "@/lib/email-settings/update-email-settings";
import { env } from "@/lib/env";
import { type Bound, gateway, json } from "@/lib/gateway/handler";
import { reads, serveRead } from "@/lib/gateway/reads";
import * as authOps from "@/lib/operations/auth";
import * as profileOps from "@/lib/operations/profile";
import { checkRateLimit, clientAddress } from "@/lib/rate-limit/check-rate-limit";
import { exchangeSsoCode } from "@/lib/sso/exchange-sso-code";

/** The operations at the rest of /gateway/profile/…, each bound to its lib function; lib/gateway/router.ts serves them. */
export const profileRoutes: Bound[] = [
  serveRead(reads.listConversations),
  serveRead(reads.countUnreadMessages),
  gateway(profileOps.readEmailSettings, ({ scope }) => readEmailSettings(scope)),
  gateway(profileOps.updateEmailSettings, ({ scope, body }) => updateEmailSettings(scope, body)),
  gateway(profileOps.readClinicSettings, ({ scope }) => readClinicSettings(scope)),
  gateway(profileOps.updateClinicSettings, ({ scope, body }) => updateClinicSettings(scope, body)),
  gateway(profileOps.readOwnCrisisContact, ({ scope }) => readOwnCrisisContact(scope)),
  // No token needed; an Authorization header sent along is ignored.
  gateway(authOps.exchangeSsoCode, async ({ req, reqId, body }) => {
    await checkRateLimit([{ key: `sso:addr:${clientAddress(req)}`, max: env().RATE_LIMIT_ADDRESS }]);
    return json(await exchangeSsoCode(body, reqId), 200, { "cache-control": "no-store" });
  }),
];
