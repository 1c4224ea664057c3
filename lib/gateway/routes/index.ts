import "server-only";
import { router } from "@/lib/gateway/router";
import { caregiverRoutes } from "@/lib/gateway/routes/caregiver";
import { clientRoutes } from "@/lib/gateway/routes/client";
import { clinicRoutes } from "@/lib/gateway/routes/clinic";
import { profileRoutes } from "@/lib/gateway/routes/profile";
import { serviceRoutes } from "@/lib/gateway/routes/service";
import { sessionRoutes } from "@/lib/gateway/routes/session";
import { uaaRoutes } from "@/lib/gateway/routes/uaa";
import { ping, readOpenApi } from "@/lib/operations/service";

// Every gateway operation but the two with route files of their own: /gateway/ping (the cheapest
// handler, the benchmark's reference) and /gateway/openapi.json (built once, static).
export const gatewayRouter = router(
  [
    ...uaaRoutes,
    ...clinicRoutes,
    ...caregiverRoutes,
    ...clientRoutes,
    ...sessionRoutes,
    ...profileRoutes,
    ...serviceRoutes,
  ],
  [ping, readOpenApi],
);
