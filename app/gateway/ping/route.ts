import { notAllowed } from "@/lib/gateway/not-allowed";
// Liveness without the database (health checks the database). Also the benchmark's baseline:
// the cheapest route handler this build can serve.
export function GET(): Response {
  return new Response("pong", { headers: { "content-type": "text/plain" } });
}

export const { POST, PUT, PATCH, DELETE } = notAllowed("GET");
