import { byRouteParams } from "@/lib/gateway/router";
import { gatewayRouter } from "@/lib/gateway/routes";

// The gateway's paths that the production server does not forward to ../by-path (a trailing
// slash, %-encoding, /gateway/health), and every path under `next dev`.
export const { GET, POST, PUT, PATCH, DELETE } = byRouteParams(gatewayRouter);
