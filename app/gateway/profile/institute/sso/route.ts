import { env } from "@/lib/env";
import { gateway, json, route } from "@/lib/gateway/handler";
import * as op from "@/lib/operations/auth";
import { checkRateLimit, clientAddress } from "@/lib/rate-limit/check-rate-limit";
import { exchangeSsoCode } from "@/lib/sso/exchange-sso-code";

// No token needed; an Authorization header sent along is ignored.
export const { GET, POST, PUT, PATCH, DELETE } = route(
  gateway(op.exchangeSsoCode, async ({ req, body }) => {
    await checkRateLimit([{ key: `sso:addr:${clientAddress(req)}`, max: env().RATE_LIMIT_ADDRESS }]);
    return json(await exchangeSsoCode(body), 200, { "cache-control": "no-store" });
  }),
);
