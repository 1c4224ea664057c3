import { revokeToken } from "@/lib/auth/revoke-token";
import { AppError } from "@/lib/errors";
import { checkInput } from "@/lib/gateway/check-input";
import { route, unwrapped, withRequestLine } from "@/lib/gateway/handler";
import { revokeToken as revokeTokenOp } from "@/lib/operations/auth";
import { oauthErrorResponse } from "@/lib/gateway/oauth-error";
import { readBodyText } from "@/lib/gateway/read-body";
import { zodFieldErrors } from "@/lib/gateway/zod-errors";
import { RevokeRequest } from "@/lib/schemas/token";

// RFC 7009: `token=…` as a form body (or query parameter); 200 whether or not the token was known.
export const { GET, POST, PUT, PATCH, DELETE } = route(
  unwrapped(revokeTokenOp, (req) => withRequestLine(req, (reqId, url) => revoke(req, url, reqId))),
);

async function revoke(req: Request, url: URL, reqId: string): Promise<Response> {
  try {
    const fields = {
      ...Object.fromEntries(url.searchParams),
      ...Object.fromEntries(new URLSearchParams(await readBodyText(req, 8 * 1024))),
    };
    checkInput(fields);
    const r = RevokeRequest.safeParse(fields);
    if (!r.success) throw new AppError("bad_request", "token is required", zodFieldErrors(r.error));
    await revokeToken(r.data.token);
    return new Response(null, { status: 200, headers: { "cache-control": "no-store" } });
  } catch (e) {
    return oauthErrorResponse(e, reqId);
  }
}
