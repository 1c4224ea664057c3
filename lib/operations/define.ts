import type { z } from "zod";
import type { ErrorCode } from "@/lib/errors";
import type { Role } from "@/lib/generated/prisma/enums";

// The shape of one gateway operation's declaration. Everything that describes an operation lives in
// its declaration (lib/operations/<area>.ts): lib/gateway/routes binds it to its lib function, and the
// OpenAPI document, the 405 answers, /docs and the hostile test read it. Nothing here runs a request.

export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type Method = (typeof METHODS)[number];

/** The roles of the platform's tokens: the `Role` enum of prisma/schema.prisma. */
export type RoleName = Role;

/** Request headers an operation reads, described once in lib/operations/headers.ts. */
export type HeaderName = "offset" | "timeZone" | "idempotencyKey";

export type Success = {
  status: 200 | 201;
  description: string;
  /** The JSON body; absent for an empty body or one of `contentType` described in words. */
  schema?: z.ZodType;
  /** Default `application/json`. */
  contentType?: string;
  /** Binary bodies of one of several types (each documented as a string of that type), instead of `contentType`. */
  contentTypes?: readonly string[];
  /** Response headers, by name: their description. */
  headers?: Record<string, string>;
  /** A body valid against `schema` (checked by e2e/api/openapi.test.ts). */
  example?: unknown;
};

export type Operation = {
  operationId: string;
  method: Method;
  /** The OpenAPI path, `{id}` for a path parameter. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** Roles allowed; omitted means the operation needs no token. */
  roles?: readonly RoleName[];
  headers?: readonly HeaderName[];
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: {
    schema: z.ZodType;
    /** The media types the body is read as, the first the one examples use. Default `application/json`. */
    contentTypes?: readonly [string, ...string[]];
    example: unknown;
  };
  ok: Success;
  /** The errors this operation answers; their statuses come from STATUS_OF (lib/errors.ts). */
  errors: readonly ErrorCode[];
  /** The error body: problem+json (default), or RFC 6749 §5.2 with problem members (token operations). */
  errorFormat?: "problem" | "oauth";
  /** What each error means for this operation, where the general text of /docs is not enough. */
  errorNotes?: Partial<Record<ErrorCode, string>>;
};

/** Keeps the literal types of a declaration (its schemas), so that handlers infer from them. */
export const defineOperation = <const O extends Operation>(op: O): O => op;
