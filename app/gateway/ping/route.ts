import { route, unwrapped } from "@/lib/gateway/handler";
import { ping } from "@/lib/operations/service";

// Liveness without the database (health checks the database). Also the benchmark's baseline:
// the cheapest route handler this build can serve, so it runs outside the wrapper.
export const { GET, POST, PUT, PATCH, DELETE } = route(
  unwrapped(ping, () => new Response("pong", { headers: { "content-type": "text/plain" } })),
);
