import { json, route, unwrapped } from "@/lib/gateway/handler";
import { buildOpenApi } from "@/lib/openapi/build-openapi";
import { readOpenApi } from "@/lib/operations/service";

export const dynamic = "force-static";

export const { GET, POST, PUT, PATCH, DELETE } = route(unwrapped(readOpenApi, () => json(buildOpenApi())));
