import { z } from "zod";
import { defineOperation } from "./define";

export const ping = defineOperation({
  operationId: "ping",
  method: "GET",
  path: "/gateway/ping",
  tag: "Service",
  summary: "Liveness",
  description: "Answers without the database (health checks the database).",
  ok: { status: 200, description: "The text `pong`", contentType: "text/plain", example: "pong" },
  errors: [],
});

export const readHealth = defineOperation({
  operationId: "readHealth",
  method: "GET",
  path: "/gateway/health",
  tag: "Service",
  summary: "Health",
  ok: {
    status: 200,
    description: "The database answers",
    schema: z.strictObject({ status: z.literal("UP") }).meta({ id: "Health" }),
    example: { status: "UP" },
  },
  errors: ["unavailable"],
  errorNotes: { unavailable: "The database does not answer; see Retry-After" },
});

export const readOpenApi = defineOperation({
  operationId: "readOpenApi",
  method: "GET",
  path: "/gateway/openapi.json",
  tag: "Service",
  summary: "This document",
  ok: {
    status: 200,
    description: "The OpenAPI 3.1 document of every operation",
    schema: z
      .looseObject({
        openapi: z.string(),
        info: z.looseObject({ title: z.string(), version: z.string() }),
        paths: z.record(z.string(), z.unknown()),
      })
      .meta({ id: "OpenApiDocument", description: "OpenAPI 3.1 (https://spec.openapis.org/oas/v3.1.0)" }),
    example: { openapi: "3.1.0", info: { title: "Care Program Platform gateway", version: "1.0.0" }, paths: {} },
  },
  errors: [],
});
