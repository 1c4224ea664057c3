import { grantPassword } from "@/lib/auth/grant-password";
import { grantRefresh } from "@/lib/auth/grant-refresh";
import { readTokenRequest } from "@/lib/auth/read-token-request";
import { oauthErrorResponse } from "@/lib/gateway/oauth-error";

export async function POST(req: Request): Promise<Response> {
  try {
    const r = await readTokenRequest(req);
    const tokens = r.grant_type === "password" ? await grantPassword(r.username, r.password) : await grantRefresh(r.refresh_token);
    return new Response(JSON.stringify(tokens), {
      status: 200,
      headers: { "content-type": "application/json;charset=UTF-8", "cache-control": "no-store", pragma: "no-cache" },
    });
  } catch (e) {
    return oauthErrorResponse(e);
  }
}
