import { AppError } from "@/lib/errors";
import { problem } from "@/lib/gateway/problem";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];

/**
 * Handlers for the methods a route does not serve: a problem+json 405 with `Allow`, instead of
 * Next.js's empty one. Spread into a route's exports: `export const { POST, PUT, PATCH, DELETE } = notAllowed("GET")`.
 */
export function notAllowed(...allowed: Method[]): Record<Method, () => Response> {
  const handler = () => {
    const res = problem(new AppError("method_not_allowed", `this operation answers ${allowed.join(", ")} only`));
    res.headers.set("allow", allowed.join(", "));
    return res;
  };
  return Object.fromEntries(METHODS.map((m) => [m, handler])) as Record<Method, () => Response>;
}
