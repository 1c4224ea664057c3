import { env } from "@/lib/env";
import { gateway, json } from "@/lib/gateway/handler";
import { checkRateLimit, clientAddress } from "@/lib/rate-limit/check-rate-limit";
import { SsoRequest } from "@/lib/schemas/sso";
import { exchangeSsoCode } from "@/lib/sso/exchange-sso-code";
import { notAllowed } from "@/lib/gateway/not-allowed";

// No token needed; an Authorization header sent along is ignored.
export const POST = gateway({ body: SsoRequest }, async ({ req, body }) => {
  await checkRateLimit([{ key: `sso:addr:${clientAddress(req)}`, max: env().RATE_LIMIT_ADDRESS }]);
  return json(await exchangeSsoCode(body), 200, { "cache-control": "no-store" });
});

export const { GET, PUT, PATCH, DELETE } = notAllowed("POST");
