// Recognises database failures, whether they come from Prisma (through its pg adapter) or from pg
// directly, so that the gateway can answer 409, 404 or 503 instead of 500.

type Loose = {
  code?: unknown;
  message?: unknown;
  meta?: unknown;
  cause?: unknown;
  kind?: unknown;
  originalCode?: unknown;
};

function* chain(e: unknown): Generator<Loose> {
  const seen = new Set<unknown>();
  let cur: unknown = e;
  while (cur && typeof cur === "object" && !seen.has(cur)) {
    seen.add(cur);
    const c: Loose & { meta?: { driverAdapterError?: unknown } } = cur;
    yield c;
    cur = c.cause ?? c.meta?.driverAdapterError;
  }
}

const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "P1001",
  "P1002",
  "P1008",
  "P1017",
  "P2024",
  // Prisma's interactive transaction not started or timed out (maxWait, timeout): rolled back, so
  // a retry is safe; a slow moment of a keyed write met it as a 500 (transaction-connection.test.ts).
  "P2028",
]);
const UNAVAILABLE_KINDS = new Set([
  "DatabaseNotReachable",
  "DatabaseDoesNotExist",
  "SocketTimeout",
  "ConnectionClosed",
  "TransactionAlreadyClosed",
]);
const UNAVAILABLE_TEXT =
  /connection terminated|timeout exceeded when trying to connect|query read timeout|ECONNREFUSED|the database system is (starting up|shutting down)|terminating connection|Client has encountered a connection error|Can't reach database server/i;

/** True when the database could not be reached or dropped the connection: a retry may succeed. */
export function isDbUnavailable(e: unknown): boolean {
  for (const c of chain(e)) {
    const code = typeof c.code === "string" ? c.code : typeof c.originalCode === "string" ? c.originalCode : "";
    if (UNAVAILABLE_CODES.has(code)) return true;
    // SQLSTATE classes 08 (connection), 57P (shutdown), 53 (resources), 40001/40P01 (retryable conflicts).
    if (/^(08|57P|53)/.test(code) || code === "40001" || code === "40P01") return true;
    if (typeof c.kind === "string" && UNAVAILABLE_KINDS.has(c.kind)) return true;
    if (typeof c.message === "string" && UNAVAILABLE_TEXT.test(c.message)) return true;
  }
  return false;
}

/**
 * The violated unique constraint's name and columns (`Client_clinicId_email_key`, fields when the
 * driver names them), or null when the error is not a unique violation.
 */
export function uniqueViolation(e: unknown): { constraint: string; fields: string[] } | null {
  for (const c of chain(e)) {
    if (
      c.code === "P2002" ||
      c.code === "23505" ||
      c.originalCode === "23505" ||
      c.kind === "UniqueConstraintViolation"
    ) {
      const meta = c.meta as
        | { target?: unknown; driverAdapterError?: { cause?: { constraint?: { fields?: string[]; index?: string } } } }
        | undefined;
      // pg's own error names the constraint as a string; Prisma's adapter as an object.
      const own = (c as { constraint?: string | { fields?: string[]; index?: string } }).constraint;
      const constraint =
        meta?.driverAdapterError?.cause?.constraint ?? (typeof own === "string" ? { index: own } : own);
      const fields = constraint?.fields ?? (Array.isArray(meta?.target) ? (meta.target as string[]) : []);
      return {
        constraint: constraint?.index ?? (typeof meta?.target === "string" ? meta.target : ""),
        fields: fields.map((f) => f.replaceAll('"', "")),
      };
    }
  }
  return null;
}

/** True when the unique violation concerns `column` (by the constraint's columns or its name). */
export const violates = (v: { constraint: string; fields: string[] } | null, column: string) =>
  !!v && (v.fields.includes(column) || v.constraint.split("_").includes(column));

/**
 * True for a foreign key violation. Every id a request names is checked before it is written, so
 * one can only come from a row removed by another request between that check and the write.
 */
export function isForeignKeyViolation(e: unknown): boolean {
  for (const c of chain(e)) {
    if (c.code === "P2003" || c.code === "23503" || c.originalCode === "23503") return true;
    if (c.kind === "ForeignKeyConstraintViolation") return true;
  }
  return false;
}

export function isRecordNotFound(e: unknown): boolean {
  for (const c of chain(e)) if (c.code === "P2025") return true;
  return false;
}

/**
 * What kind of error this is, for the log of an unexpected one: the class name and the codes along
 * its cause chain (Prisma's `P…`, PostgreSQL's SQLSTATE), never a message, which may quote data.
 */
export function errorKind(e: unknown): { type: string; code?: string; sqlState?: string } {
  const type = !(e instanceof Error) ? typeof e : e.name && e.name !== "Error" ? e.name : e.constructor.name || "Error";
  let code: string | undefined;
  let sqlState: string | undefined;
  for (const c of chain(e)) {
    const own = typeof c.code === "string" ? c.code : undefined;
    const original = typeof c.originalCode === "string" ? c.originalCode : undefined;
    code ??= own;
    const state = [original, own].find((s) => s && /^[0-9A-Z]{5}$/.test(s) && !s.startsWith("P"));
    sqlState ??= state;
  }
  return { type: type.slice(0, 100), ...(code ? { code: code.slice(0, 40) } : {}), ...(sqlState ? { sqlState } : {}) };
}
