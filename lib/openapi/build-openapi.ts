import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiResponsesObject } from "zod-openapi";
import { z } from "zod";
import { STATUS_OF, type ErrorCode, type FieldError } from "@/lib/errors";
import { oauthErrorOf } from "@/lib/gateway/oauth-error-of";
import { zodFieldErrors } from "@/lib/gateway/zod-errors";
import { KEYED_OPERATIONS, OPERATIONS, TAGS } from "@/lib/operations";
import type { Operation } from "@/lib/operations/define";
import { HEADERS } from "@/lib/operations/headers";
import { Problem } from "@/lib/schemas/common";
import { OAuthError } from "@/lib/schemas/token";

// The OpenAPI 3.1 document, made from the operation declarations (lib/operations) and the very zod
// schemas that validate requests; zod-openapi turns the schemas into JSON Schema (zod 4's own
// conversion underneath) and registers those with a meta id as components.

/** A problem+json body for an error code, as problem() answers it (lib/gateway/problem.ts). */
export function problemExample(code: ErrorCode, fieldError?: FieldError) {
  const { status, title, description } = STATUS_OF[code];
  return {
    type: `/docs#problem-${code}`,
    title,
    status,
    detail: fieldError ? `${fieldError.path}: ${fieldError.message}` : description,
    ...(fieldError ? { errors: [fieldError] } : {}),
  };
}

/**
 * The error the operation answers for its first field of path, query or body (the body first) given
 * a value of the wrong type, as its validation words it; none for an operation without fields.
 */
function fieldErrorOf(op: Operation): FieldError | undefined {
  const body = op.body?.example;
  const candidates: [z.ZodType | undefined, string, Record<string, unknown>, unknown][] = [
    [op.body?.schema, "", typeof body === "object" && body !== null ? { ...body } : {}, {}],
    [op.query, "query", {}, "x"],
    [op.params, "path", {}, "x"],
  ];
  for (const [schema, where, valid, wrong] of candidates) {
    if (!(schema instanceof z.ZodObject || schema instanceof z.ZodDiscriminatedUnion)) continue;
    for (const key of Object.keys(valid).length > 0 ? Object.keys(valid) : fieldsOf(schema)) {
      const result = schema.safeParse({ ...valid, [key]: wrong });
      const errors = result.error ? zodFieldErrors(result.error, where) : [];
      const path = [where, key].filter(Boolean).join(".");
      const own = errors.find((e) => e.path === path || e.path.startsWith(`${path}.`));
      if (own) return own;
    }
  }
  return undefined;
}

const fieldsOf = (schema: z.ZodObject | z.ZodDiscriminatedUnion): string[] =>
  schema instanceof z.ZodObject
    ? Object.keys(schema.shape)
    : schema.options.flatMap((o) => (o instanceof z.ZodObject ? Object.keys(o.shape) : []));

// Every operation may fail unexpectedly: a 500 problem without internals (STATUS_OF.internal).
const errorCodesOf = (op: Operation): ErrorCode[] => [...new Set<ErrorCode>([...op.errors, "internal"])];

function errorResponses(op: Operation): ZodOpenApiResponsesObject {
  return Object.fromEntries(
    errorCodesOf(op).map((code) => {
      const { description } = STATUS_OF[code];
      const example = problemExample(code, code === "bad_request" ? fieldErrorOf(op) : undefined);
      // The token operations answer in the RFC 6749 shape, with its error and status (oauthErrorOf).
      const oauth = op.errorFormat === "oauth" ? oauthErrorOf(code) : null;
      const content = oauth
        ? {
            "application/json": {
              schema: OAuthError,
              example: { error_description: example.detail, ...example, ...oauth },
            },
          }
        : { "application/problem+json": { schema: Problem, example } };
      const status = oauth?.status ?? example.status;
      // A code answered with another status (RFC 6749's 400 for a wrong password) is not that status's answer.
      const headers = status === STATUS_OF[code].status ? STATUS_OF[code].headers : undefined;
      return [
        `${status}`,
        {
          description: op.errorNotes?.[code] ?? description,
          ...(headers ? { headers: headerObjects(headers) } : {}),
          content,
        },
      ];
    }),
  );
}

// Answered by Node's HTTP server (scripts/lib/server.mjs) before any operation runs, on every path.
const HTTP_SERVER_RESPONSES: ZodOpenApiResponsesObject = {
  "431": { description: "Request headers over 16 KiB, answered by the HTTP server before the operation; empty body" },
};

/** Response headers (name: description) as OpenAPI header objects: each sent with every such answer. */
const headerObjects = (headers: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(headers).map(([name, description]) => [
      name,
      { description, required: true, schema: { type: "string" as const } },
    ]),
  );

// Sent with every answer to a signed-in caller (lib/gateway/handler.ts): it may carry health data.
const NO_STORE = {
  "cache-control":
    "private, no-store: the answer is the caller's alone, and no cache (shared, or the browser's disk cache) keeps a copy",
};

function successResponse(op: Operation): ZodOpenApiResponsesObject {
  const ok = op.roles ? { ...op.ok, headers: { ...NO_STORE, ...op.ok.headers } } : op.ok;
  const type = ok.contentType ?? "application/json";
  const media = ok.schema
    ? { schema: ok.schema, example: ok.example }
    : type.startsWith("image/")
      ? { schema: { type: "string" as const, contentMediaType: type } }
      : type === "text/plain"
        ? { schema: { type: "string" as const }, example: ok.example }
        : undefined;
  return {
    [String(ok.status)]: {
      description: ok.description,
      ...(ok.headers ? { headers: headerObjects(ok.headers) } : {}),
      ...(ok.contentTypes
        ? {
            content: Object.fromEntries(
              ok.contentTypes.map((t) => [
                t,
                { schema: { type: "string" as const, contentMediaType: t }, example: ok.example },
              ]),
            ),
          }
        : media
          ? { content: { [type]: media } }
          : {}),
    },
  };
}

/** The body in each media type it is read as, with the same schema and example. */
const requestBody = ({ schema, example, contentTypes = ["application/json"] }: NonNullable<Operation["body"]>) => ({
  required: true,
  content: Object.fromEntries(contentTypes.map((t) => [t, { schema, example }])),
});

function operationObject(op: Operation): ZodOpenApiOperationObject {
  const roles = op.roles ? `Roles: ${op.roles.join(", ")}.` : "No token needed.";
  return {
    operationId: op.operationId,
    tags: [op.tag],
    summary: op.summary,
    description: [op.description, roles].filter(Boolean).join("\n\n"),
    security: op.roles ? [{ bearer: [] }] : [],
    ...(op.roles ? { "x-roles": op.roles } : {}),
    requestParams: { ...(op.params ? { path: op.params } : {}), ...(op.query ? { query: op.query } : {}) },
    parameters: (op.headers ?? []).map((h) => ({
      name: HEADERS[h].name,
      in: "header" as const,
      required: false,
      description: HEADERS[h].description,
      schema: { type: "string" as const },
      example: HEADERS[h].example,
    })),
    ...(op.body ? { requestBody: requestBody(op.body) } : {}),
    responses: { ...successResponse(op), ...errorResponses(op), ...HTTP_SERVER_RESPONSES },
  };
}

export function buildOpenApi() {
  const paths: Record<string, Record<string, ZodOpenApiOperationObject>> = {};
  for (const op of OPERATIONS) (paths[op.path] ??= {})[op.method.toLowerCase()] = operationObject(op);
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Care Program Platform gateway",
      version: "1.0.0",
      description: [
        "Client creation, session detail, tokens and the reads around them. Errors are `application/problem+json` (RFC 9457).",
        "**Authentication.** Get a token from `POST /gateway/uaa/oauth/token` with the password grant (`grant_type=password&username=…&password=…`, a form body) and send it on every other operation as `Authorization: bearer <access_token>`. It expires after `expires_in` seconds; the `refresh_token` grant gives a new pair (each refresh token works once).",
        "**Dates.** Dates are `YYYY/MM/DD HH:mm` in the caller's UTC offset, given in hours by the `offset` header (`1`, `-5`, `5.5`, `+05:30`); absent: UTC.",
        `**Retries.** The operations that create take an \`Idempotency-Key\` header (${KEYED_OPERATIONS.map((op) => `\`${op.operationId}\``).join(", ")}): a retry with the same key and body answers the first result and creates nothing; the same key with another body, or sent to another operation, answers 409.`,
      ].join("\n\n"),
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
    },
    servers: [{ url: "/", description: "This server" }],
    tags: TAGS,
    components: {
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          description: "`Authorization: bearer <access_token>`, the access token of the token operation.",
        },
      },
    },
    paths,
  });
}
