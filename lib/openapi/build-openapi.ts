import { z } from "zod";
import { AuditEntry, Book, Caregiver, ClinicQuery, DesignPlan } from "@/lib/schemas/catalog";
import { ClientCreateRequest, ClientDetail, ClientListQuery, ClientSummary } from "@/lib/schemas/client";
import { PageQuery, Problem, pageOf } from "@/lib/schemas/common";
import {
  AssignmentFeedbackRequest,
  AssignmentState,
  AutosaveRequest,
  FeedbackDueItem,
  SessionFeedbackRequest,
  SessionState,
  SubmitRequest,
} from "@/lib/schemas/homework";
import { Feedback, SessionDetail, SessionListQuery, SessionSummary } from "@/lib/schemas/session";
import { SsoRequest } from "@/lib/schemas/sso";
import { OAuthError, RevokeRequest, TokenRequest, TokenResponse } from "@/lib/schemas/token";

// The OpenAPI 3.1 document, generated from the very zod schemas that validate requests.

type JsonSchema = Record<string, unknown>;
type Op = {
  method: "get" | "post" | "put";
  path: string;
  summary: string;
  description?: string;
  roles?: string[];
  query?: z.ZodObject;
  pathId?: boolean;
  headers?: { name: string; description: string; required?: boolean }[];
  body?: { schema: z.ZodType; type?: string };
  ok: { status: number; description: string; schema?: z.ZodType; type?: string; headers?: Record<string, string> };
  errors: number[];
};

const OFFSET = {
  name: "offset",
  description:
    "The caller's UTC offset in hours (1, -5, 5.5, +05:30; -12..+14). Dates are read and written in it. Absent: UTC.",
};
const IDEMPOTENCY = {
  name: "Idempotency-Key",
  description:
    "A retry with the same key and body returns the first result without creating anything; the same key with another body answers 409.",
};
const page = (item: z.ZodType) => pageOf(item);

const OPS: Op[] = [
  {
    method: "post",
    path: "/gateway/uaa/oauth/token",
    summary: "Get a token (password or refresh_token grant)",
    description:
      "Form body (application/x-www-form-urlencoded), JSON, or query parameters. Refresh tokens rotate: each works once.",
    body: { schema: TokenRequest, type: "application/x-www-form-urlencoded" },
    ok: { status: 200, description: "Tokens (RFC 6749 §5.1)", schema: TokenResponse },
    errors: [400, 429, 503],
  },
  {
    method: "post",
    path: "/gateway/uaa/oauth/revoke",
    summary: "Revoke a token (RFC 7009)",
    description:
      "Form field `token`: an access token, or a refresh token (its whole family is revoked). 200 whether or not the token was known.",
    body: { schema: RevokeRequest, type: "application/x-www-form-urlencoded" },
    ok: { status: 200, description: "Revoked (or unknown)" },
    errors: [400],
  },
  {
    method: "post",
    path: "/gateway/profile/clinic/client",
    summary: "Create a client",
    roles: ["CLINIC", "INSTITUTE"],
    description:
      "One transaction: the client, its care team and, with `session`, its first sessions and their homework. On any error nothing is stored.",
    headers: [OFFSET, IDEMPOTENCY],
    body: { schema: ClientCreateRequest },
    ok: { status: 201, description: "Created; empty body", headers: { location: "/client/<id>" } },
    errors: [400, 401, 403, 404, 409, 413, 415, 422, 503],
  },
  {
    method: "get",
    path: "/gateway/profile/clinic/client",
    summary: "List the clinic's clients",
    roles: ["CLINIC", "INSTITUTE"],
    headers: [OFFSET],
    query: PageQuery.extend(ClientListQuery.shape),
    ok: { status: 200, description: "A page of clients", schema: page(ClientSummary) },
    errors: [400, 401, 403, 404],
  },
  {
    method: "get",
    path: "/gateway/profile/clinic/client/{id}",
    summary: "Read a client with its care team and sessions",
    roles: ["CLINIC", "INSTITUTE", "CAREGIVER"],
    headers: [OFFSET],
    pathId: true,
    ok: { status: 200, description: "The client", schema: ClientDetail },
    errors: [400, 401, 403, 404],
  },
  {
    method: "get",
    path: "/gateway/profile/clinic/client/{id}/image",
    summary: "Read a client's image",
    roles: ["CLINIC", "INSTITUTE", "CAREGIVER"],
    pathId: true,
    ok: { status: 200, description: "The stored image bytes", type: "image/*" },
    errors: [400, 401, 403, 404],
  },
  {
    method: "get",
    path: "/gateway/profile/clinic/caregiver",
    summary: "List the clinic's care providers",
    roles: ["CLINIC", "INSTITUTE"],
    query: PageQuery.extend(ClinicQuery.shape),
    ok: { status: 200, description: "A page of care providers", schema: page(Caregiver) },
    errors: [400, 401, 403, 404],
  },
  {
    method: "get",
    path: "/gateway/profile/clinic/design-plan",
    summary: "List design plans",
    roles: ["CLINIC", "INSTITUTE", "CAREGIVER"],
    query: PageQuery.extend(ClinicQuery.shape),
    ok: { status: 200, description: "A page of design plans", schema: page(DesignPlan) },
    errors: [400, 401, 403, 404],
  },
  {
    method: "get",
    path: "/gateway/profile/clinic/book",
    summary: "List books with their modules",
    roles: ["CLINIC", "INSTITUTE", "CAREGIVER"],
    query: PageQuery.extend(ClinicQuery.shape),
    ok: { status: 200, description: "A page of books", schema: page(Book) },
    errors: [400, 401, 403, 404],
  },
  {
    method: "get",
    path: "/gateway/profile/caregiver/session",
    summary: "List sessions",
    roles: ["CAREGIVER", "CLINIC"],
    headers: [OFFSET],
    query: PageQuery.extend(SessionListQuery.shape),
    ok: { status: 200, description: "A page of session summaries", schema: page(SessionSummary) },
    errors: [400, 401, 403],
  },
  {
    method: "get",
    path: "/gateway/profile/caregiver/session/{id}",
    summary: "Read a session",
    roles: ["CAREGIVER", "CLINIC"],
    description: "For a caregiver on the client's care team, or the staff of the session's clinic.",
    headers: [OFFSET],
    pathId: true,
    ok: {
      status: 200,
      description: "The session detail",
      schema: SessionDetail,
      type: "application/json;charset=UTF-8",
    },
    errors: [400, 401, 403, 404],
  },
  {
    method: "post",
    path: "/gateway/profile/institute/sso",
    summary: "Exchange an identity provider's code for a token (SSO)",
    description:
      "No token needed (one sent is ignored). The code is redeemed at the institute's registered identity provider, once (a code presented again answers 401 without reaching the provider); the ID token is verified strictly; the person of `userType` in the clinic is found by email among the institute's own people, and created only where the institute allows it. An identity provider never reaches the people of another institute.",
    body: { schema: SsoRequest },
    ok: { status: 200, description: "Tokens (RFC 6749 §5.1)", schema: TokenResponse },
    errors: [400, 401, 403, 404, 415, 429, 502, 503],
  },
  {
    method: "put",
    path: "/gateway/profile/client/assignment/{id}/autosave",
    summary: "Save answers in progress",
    roles: ["CLIENT"],
    description: "PENDING → IN_PROGRESS. Refused (409) once submitted or when the session is closed.",
    headers: [OFFSET],
    pathId: true,
    body: { schema: AutosaveRequest },
    ok: { status: 200, description: "The assignment's state", schema: AssignmentState },
    errors: [400, 401, 403, 404, 409],
  },
  {
    method: "post",
    path: "/gateway/profile/client/assignment/{id}/submit",
    summary: "Submit an assignment",
    roles: ["CLIENT"],
    description: "→ COMPLETE with submitDate; feedback WAITING. A test carries its score.",
    headers: [OFFSET],
    pathId: true,
    body: { schema: SubmitRequest },
    ok: { status: 200, description: "The assignment's state", schema: AssignmentState },
    errors: [400, 401, 403, 404, 409],
  },
  {
    method: "post",
    path: "/gateway/profile/caregiver/assignment/{id}/feedback",
    summary: "Give feedback on a submitted assignment",
    roles: ["CAREGIVER"],
    description: "Feedback WAITING → GIVEN with feedbackSubmitDate. For a caregiver on the client's care team.",
    headers: [OFFSET],
    pathId: true,
    body: { schema: AssignmentFeedbackRequest },
    ok: { status: 201, description: "The feedback", schema: Feedback },
    errors: [400, 401, 403, 404, 409],
  },
  {
    method: "get",
    path: "/gateway/profile/caregiver/assignment",
    summary: "Assignments waiting for feedback, oldest first",
    roles: ["CAREGIVER"],
    headers: [OFFSET],
    query: PageQuery,
    ok: { status: 200, description: "A page of assignments", schema: page(FeedbackDueItem) },
    errors: [400, 401, 403],
  },
  {
    method: "post",
    path: "/gateway/profile/caregiver/session/{id}/feedback",
    summary: "Give feedback on a session",
    roles: ["CAREGIVER"],
    headers: [OFFSET],
    pathId: true,
    body: { schema: SessionFeedbackRequest },
    ok: { status: 201, description: "The feedback", schema: Feedback },
    errors: [400, 401, 403, 404, 409],
  },
  {
    method: "post",
    path: "/gateway/profile/caregiver/session/{id}/close",
    summary: "Close a session",
    roles: ["CAREGIVER"],
    description: "→ COMPLETED. Refused (409) while an assignment's feedback is WAITING.",
    pathId: true,
    ok: { status: 200, description: "The session's state", schema: SessionState },
    errors: [400, 401, 403, 404, 409],
  },
  {
    method: "get",
    path: "/gateway/profile/clinic/audit",
    summary: "The clinic's audit log: who read which session, client or image, when",
    roles: ["CLINIC", "INSTITUTE"],
    headers: [OFFSET],
    query: PageQuery.extend(ClinicQuery.shape),
    ok: { status: 200, description: "A page of audit entries, newest first", schema: page(AuditEntry) },
    errors: [400, 401, 403, 404],
  },
  {
    method: "get",
    path: "/gateway/health",
    summary: "Health",
    ok: { status: 200, description: "The database answers" },
    errors: [503],
  },
  {
    method: "get",
    path: "/gateway/openapi.json",
    summary: "This document",
    ok: { status: 200, description: "OpenAPI 3.1" },
    errors: [],
  },
];

const ERROR_TEXT: Record<number, string> = {
  400: "Malformed JSON, wrong field types, a bad header or an invalid value",
  401: "Missing, malformed, expired or revoked token; for SSO: a wrong apiKey or clientId, a refused code or an ID token that does not verify",
  403: "The token's role may not use this operation; for SSO: an unknown person where the institute does not allow creating one",
  404: "Unknown id, or one outside the caller's scope",
  409: "Duplicate externalClientId or email in the clinic, an Idempotency-Key reused with another body, or a transition the current state does not allow",
  413: "Body over 8 MiB, or image over 5 MiB decoded",
  415: "The body is not application/json",
  422: "Names a caregiver, design plan or book that does not exist in the clinic",
  502: "The identity provider failed or answered garbage",
  429: "Rate limited; see Retry-After",
  503: "Database unavailable; nothing was changed; see Retry-After",
};

export function buildOpenApi() {
  const components: Record<string, JsonSchema> = {};
  const toSchema = (schema: z.ZodType, io: "input" | "output"): JsonSchema => {
    // Schemas with a meta id land in $defs; OpenAPI keeps them under components instead.
    const raw = JSON.stringify(z.toJSONSchema(schema, { io, unrepresentable: "any" }));
    const js = JSON.parse(raw.replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;
    const defs = (js.$defs ?? {}) as Record<string, JsonSchema>;
    for (const [id, def] of Object.entries(defs)) components[id] = def;
    delete js.$defs;
    delete js.$schema;
    if (typeof js.id === "string") {
      const id = js.id;
      delete js.id;
      components[id] = js;
      return { $ref: `#/components/schemas/${id}` };
    }
    return js;
  };
  components.Problem = toSchema(Problem, "output");

  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPS) {
    const parameters: unknown[] = [];
    if (op.pathId) parameters.push({ name: "id", in: "path", required: true, schema: { type: "integer", minimum: 1 } });
    for (const [name, s] of Object.entries(op.query?.shape ?? {})) {
      parameters.push({ name, in: "query", required: false, schema: toSchema(s as z.ZodType, "input") });
    }
    for (const h of op.headers ?? [])
      parameters.push({
        name: h.name,
        in: "header",
        required: false,
        description: h.description,
        schema: { type: "string" },
      });
    const responses: Record<string, unknown> = {
      [op.ok.status]: {
        description: op.ok.description,
        ...(op.ok.headers
          ? {
              headers: Object.fromEntries(
                Object.entries(op.ok.headers).map(([k, v]) => [k, { description: v, schema: { type: "string" } }]),
              ),
            }
          : {}),
        ...(op.ok.schema
          ? { content: { [op.ok.type ?? "application/json"]: { schema: toSchema(op.ok.schema, "output") } } }
          : op.ok.type
            ? { content: { [op.ok.type]: {} } }
            : {}),
      },
    };
    for (const status of op.errors) {
      const isToken = op.path.endsWith("/token");
      responses[status] = {
        description: ERROR_TEXT[status],
        content: isToken
          ? { "application/json": { schema: toSchema(OAuthError, "output") } }
          : { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
      };
    }
    paths[op.path] ??= {};
    paths[op.path]![op.method] = {
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      ...(op.roles ? { security: [{ bearer: [] }], "x-roles": op.roles } : { security: [] }),
      ...(parameters.length ? { parameters } : {}),
      ...(op.body
        ? {
            requestBody: {
              required: true,
              content: { [op.body.type ?? "application/json"]: { schema: toSchema(op.body.schema, "input") } },
            },
          }
        : {}),
      responses,
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Care Program Platform gateway",
      version: "1.0.0",
      description:
        "Client creation, session detail, tokens and the reads around them. Errors are application/problem+json (RFC 9457).",
    },
    servers: [{ url: "/" }],
    components: {
      schemas: components,
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "Authorization: bearer <ACCESS_TOKEN>" },
      },
    },
    paths,
  };
}
