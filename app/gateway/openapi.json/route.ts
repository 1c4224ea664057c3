import { json } from "@/lib/gateway/handler";
import { buildOpenApi } from "@/lib/openapi/build-openapi";
import { notAllowed } from "@/lib/gateway/not-allowed";

export const dynamic = "force-static";

export function GET(): Response {
  return json(buildOpenApi());
}

export const { POST, PUT, PATCH, DELETE } = notAllowed("GET");
