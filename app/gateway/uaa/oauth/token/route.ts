import { grantPassword } from "@/lib/auth/grant-password";
import { grantRefresh } from "@/lib/auth/grant-refresh";
import { readTokenRequest } from "@/lib/gateway/read-token-request";
import { env } from "@/lib/env";
import { route, unwrapped, withRequestLine } from "@/lib/gateway/handler";
import { getToken } from "@/lib/operations/auth";
import { oauthErrorResponse } from "@/lib/gateway/oauth-error";
import { checkRateLimit, clientAddress } from "@/lib/rate-limit/check-rate-limit";

export const { GET, POST, PUT, PATCH, DELETE } = route(
  unwrapped(getToken, (req) => withRequestLine(req, (reqId) => token(req, reqId))),
);

async function token(req: Request, reqId: string): Promise<Response> {
  try {
    const address = clientAddress(req);
    const r = await readTokenRequest(req);
    // The password grant counts the address with the sign-in limits (lib/auth/authenticate-password).
    if (r.grant_type === "refresh_token")
      await checkRateLimit([{ key: `token:addr:${address}`, max: env().RATE_LIMIT_ADDRESS }]);
    const tokens =
      r.grant_type === "password"
        ? await grantPassword(r.username, r.password, address)
        : await grantRefresh(r.refresh_token);
    return new Response(JSON.stringify(tokens), {
      status: 200,
      headers: { "content-type": "application/json;charset=UTF-8", "cache-control": "no-store", pragma: "no-cache" },
    });
  } catch (e) {
    return oauthErrorResponse(e, reqId);
  }
}
