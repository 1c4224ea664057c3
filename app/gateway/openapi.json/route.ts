import { json } from "@/lib/gateway/handler";
import { buildOpenApi } from "@/lib/openapi/build-openapi";

export const dynamic = "force-static";

export function GET(): Response {
  return json(buildOpenApi());
}
