import { grantPassword } from "@/lib/auth/grant-password";
import { grantRefresh } from "@/lib/auth/grant-refresh";
import { readTokenRequest } from "@/lib/gateway/read-token-request";
import { env } from "@/lib/env";
import { withRequestLine } from "@/lib/gateway/handler";
import { oauthErrorResponse } from "@/lib/gateway/oauth-error";
import { checkRateLimit, clientAddress } from "@/lib/rate-limit/check-rate-limit";
import { notAllowed } from "@/lib/gateway/not-allowed";

export const POST = (req: Request) => withRequestLine(req, (reqId) => token(req, reqId));

async function token(req: Request, reqId: string): Promise<Response> {
  try {
    const { RATE_LIMIT_ADDRESS, RATE_LIMIT_USER } = env();
    const byAddress = { key: `token:addr:${clientAddress(req)}`, max: RATE_LIMIT_ADDRESS };
    const r = await readTokenRequest(req);
    await checkRateLimit(r.grant_type === "password" ? [byAddress, { key: `token:user:${r.username.toLowerCase()}`, max: RATE_LIMIT_USER }] : [byAddress]);
    const tokens = r.grant_type === "password" ? await grantPassword(r.username, r.password) : await grantRefresh(r.refresh_token);
    return new Response(JSON.stringify(tokens), {
      status: 200,
      headers: { "content-type": "application/json;charset=UTF-8", "cache-control": "no-store", pragma: "no-cache" },
    });
  } catch (e) {
    return oauthErrorResponse(e, reqId);
  }
}

export const { GET, PUT, PATCH, DELETE } = notAllowed("POST");
