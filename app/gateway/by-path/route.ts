import { byForwardedPath } from "@/lib/gateway/router";
import { gatewayRouter } from "@/lib/gateway/routes";

// The operations' paths, forwarded here by the production server with the path in X-Gateway-Path:
// a static route costs Next.js less per request than ../[[...rest]] (lib/gateway/forwarded-path.mjs).
export const { GET, POST, PUT, PATCH, DELETE } = byForwardedPath(gatewayRouter);
