import * as assignments from "./assignments";
import * as auth from "./auth";
import * as authoring from "./authoring";
import * as careProviders from "./care-providers";
import * as catalog from "./catalog";
import * as clients from "./clients";
import * as messages from "./messages";
import * as documents from "./documents";
import type { Method, Operation } from "./define";
import * as results from "./results";
import * as profile from "./profile";
import * as scheduling from "./scheduling";
import * as service from "./service";
import * as sessions from "./sessions";

// Every gateway operation, in the order of the document. Adding an operation: declare it in one of
// the area files (or a new one, listed here), bind it in lib/gateway/routes/<caller>.ts. See docs/architecture.md.
const AREAS = [
  auth,
  clients,
  catalog,
  authoring,
  careProviders,
  sessions,
  documents,
  assignments,
  scheduling,
  results,
  messages,
  profile,
  service,
] as const;

/** The declarations of the registry, each with its literal types (an area file exports nothing else). */
type Declared = (typeof AREAS)[number] extends infer A ? (A extends unknown ? A[keyof A] : never) : never;
/** The operationId of every declared operation: a key typed by it names an operation that exists. */
export type OperationId = Declared["operationId"];

export const TAGS: { name: string; description: string }[] = [
  { name: "Authentication", description: "Tokens for the other operations: password grant, refresh, revoke, SSO." },
  { name: "Clients", description: "A clinic's clients: create, list, read, image." },
  { name: "Clinic", description: "What a clinic offers and who works there; its audit log." },
  { name: "Authoring", description: "A clinic's program: books, modules with versioned definitions, design plans." },
  { name: "Sessions", description: "A client's weeks of homework, as the care team sees them." },
  { name: "Documents", description: "Files attached to a session by the client, its care team or the clinic." },
  { name: "Homework", description: "Assignments: the client answers and submits, the caregiver gives feedback." },
  {
    name: "Messages",
    description: "A session's conversation: the client, the care team and the clinic write and read.",
  },
  { name: "Profile", description: "A person's own settings: which emails they get." },
  { name: "Service", description: "Liveness, health and this document." },
];

export const OPERATIONS: readonly (Operation & { operationId: OperationId })[] = AREAS.flatMap((area) =>
  Object.values<Declared>(area),
);

/** The operations that take an Idempotency-Key (those that create), named beside the header on /docs and in the document. */
export const KEYED_OPERATIONS = OPERATIONS.filter((op) => op.headers?.includes("idempotencyKey"));

/** The methods the registry declares at an OpenAPI path, in the order of their declarations (the `Allow` header). */
export function allowedMethods(path: string): Method[] {
  return OPERATIONS.filter((op) => op.path === path).map((op) => op.method);
}
