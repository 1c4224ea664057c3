import type { IncomingMessage } from "node:http";

/** The header in which the production server names an operation's path (forwarded-path.mjs). */
export const GATEWAY_PATH: "x-gateway-path";
/** The static route that serves the operations' paths the production server forwards. */
export const BY_PATH: "/gateway/by-path";
/** Whether a path is one the production server forwards (and the static route serves). */
export function isForwarded(pathname: string): boolean;
/** Points an operation's request at the static route; drops any X-Gateway-Path the caller sent. */
export function routeGatewayPath(req: Pick<IncomingMessage, "url" | "headers">): void;
