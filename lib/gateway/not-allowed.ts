import { AppError } from "@/lib/errors";
import { problem } from "@/lib/gateway/problem";
import { METHODS, type Method } from "@/lib/operations/define";

/**
 * Handlers for the methods a route does not serve: a problem+json 405 with `Allow`, instead of
 * Next.js's empty one. route() (lib/gateway/handler.ts) answers with them the methods that no
 * declaration binds at a path.
 */
export function notAllowed(...allowed: Method[]): Record<Method, () => Response> {
  const handler = () => {
    const res = problem(new AppError("method_not_allowed", `this operation answers ${allowed.join(", ")} only`));
    res.headers.set("allow", allowed.join(", "));
    return res;
  };
  return Object.fromEntries(METHODS.map((m) => [m, handler])) as Record<Method, () => Response>;
}
