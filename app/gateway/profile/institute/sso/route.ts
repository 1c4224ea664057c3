import { gateway, json } from "@/lib/gateway/handler";
import { SsoRequest } from "@/lib/schemas/sso";
import { exchangeSsoCode } from "@/lib/sso/exchange-sso-code";

// No token needed; an Authorization header sent along is ignored.
export const POST = gateway({ body: SsoRequest }, async ({ body }) => json(await exchangeSsoCode(body), 200, { "cache-control": "no-store" }));
