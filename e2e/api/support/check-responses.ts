// Every response a test receives from the gateway of any test server (this run's, and the other
// instances some tests start, at any loopback origin), through fetch or httpFrom
// (./from-address.ts), is checked against the served OpenAPI document:
// its status must be documented for the operation (method and path template), its content type
// must be the documented one, a JSON body must match the schema of that status, which allows
// no undocumented field, and every response header the document marks required must be sent. A mismatch rejects the test's fetch with what differs, so the test fails.
// A method the document does not declare at a path must answer the 405 problem, an undeclared
// path the 404 problem. Loaded in every test process by vitest.config.ts (setupFiles).
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020";
import { inject } from "vitest";

type Media = { schema?: Record<string, unknown> };
type Responses = Record<string, { content?: Record<string, Media>; headers?: Record<string, { required?: boolean }> }>;
type Doc = {
  paths: Record<string, Record<string, { responses: Responses }>>;
  components: { schemas: Record<string, unknown> };
};

const baseUrl = inject("baseUrl");
const gateway = `${baseUrl}/gateway`;

// Where files share one process (vitest.config.ts, `isolate: false`), vitest runs this file again
// before each of them: the check keeps its state in the process, so that fetch is wrapped once,
// not once more per file, and the document is fetched and each validator compiled once.
type CheckState = {
  originalFetch: typeof fetch;
  ajv: Ajv2020;
  validators: Map<string, ValidateFunction>;
  document?: Promise<Doc>;
};
const processWide = globalThis as typeof globalThis & { responseCheck?: CheckState };
const state: CheckState = (processWide.responseCheck ??= {
  originalFetch: globalThis.fetch,
  ajv: new Ajv2020({ strict: false, validateFormats: false, allErrors: true }),
  validators: new Map(),
});
const { originalFetch, ajv, validators } = state;

const fetchDocument = () => originalFetch(`${gateway}/openapi.json`).then((r) => r.json() as Promise<Doc>);
// Once more if the server closed a kept-alive connection as it was reused (a busy machine's race);
// a failure is not kept, so that the next response tries again.
const loadDocument = () =>
  (state.document ??= fetchDocument()
    .catch(fetchDocument)
    .catch((e: unknown) => {
      state.document = undefined;
      throw e;
    }));

// The document's path templates as patterns, made once per document rather than per response.
const patterns = new WeakMap<Doc, [template: string, pattern: RegExp][]>();
const templateOf = (doc: Doc, pathname: string) => {
  // A path without parameters wins over a template it also matches, as Next.js routes a static
  // segment before a dynamic one (`/session/assignment` is not `/session/{id}`).
  if (doc.paths[pathname]) return pathname;
  let list = patterns.get(doc);
  if (!list) {
    list = Object.keys(doc.paths).map((t) => [
      t,
      new RegExp(`^${t.replace(/[.]/g, "\\.").replace(/\{[^}/]+\}/g, "[^/]+")}$`),
    ]);
    patterns.set(doc, list);
  }
  return list.find(([, pattern]) => pattern.test(pathname))?.[0];
};

const baseType = (type: string | null) => (type ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
const typeMatches = (documented: string, actual: string) =>
  documented.endsWith("/*") ? actual.startsWith(documented.slice(0, -1)) : baseType(documented) === actual;

function validator(doc: Doc, key: string, schema: Record<string, unknown>): ValidateFunction {
  let v = validators.get(key);
  if (!v) {
    // The document's components beside the schema, so that its `#/components/...` refs resolve.
    v = ajv.compile({ ...schema, components: doc.components });
    validators.set(key, v);
  }
  return v;
}

/** A response as the check reads it, from fetch or from node:http. */
export type Received = {
  status: number;
  contentType: string | null;
  body: string;
  /** A response header by its lower-case name, null when absent. */
  header: (name: string) => string | null;
};

/** Whether a URL is a gateway path of a server on this machine (every test server listens on loopback). */
export function isGatewayUrl(url: URL): boolean {
  const loopback = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/.test(url.hostname);
  return loopback && (url.pathname === "/gateway" || url.pathname.startsWith("/gateway/"));
}

/** Rejects a gateway response that is not as documented (with what differs), so that the test fails. */
export async function checkResponse(method: string, url: URL, res: Received): Promise<void> {
  if (!isGatewayUrl(url)) return;
  const wrong = await violation(method.toUpperCase(), url, res);
  if (wrong) throw new Error(`Undocumented response: ${wrong}`);
}

/** What is wrong with a gateway response, or null when it is as documented. */
export async function violation(method: string, url: URL, received: Response | Received): Promise<string | null> {
  const res =
    received instanceof Response
      ? {
          status: received.status,
          contentType: received.headers.get("content-type"),
          body: await received.clone().text(),
          header: (name: string) => received.headers.get(name),
        }
      : received;
  const doc = await loadDocument();
  // As Next.js routes it: repeated slashes are one, a trailing slash is dropped.
  const pathname = url.pathname.replace(/\/{2,}/g, "/").replace(/(.)\/$/, "$1");
  const template = templateOf(doc, pathname);
  const operation = template ? doc.paths[template]?.[method.toLowerCase()] : undefined;
  const { body } = res;
  const type = baseType(res.contentType);
  let responses: Responses;
  let where: string;
  if (operation) {
    responses = operation.responses;
    where = `${method} ${template}`;
  } else if (method === "HEAD" || method === "OPTIONS") {
    return null; // answered by Next.js itself
  } else {
    // An undeclared method at a declared path (405), or an undeclared path (404 or, for a path
    // whose %-encoding does not decode, 400): the problem+json of lib/gateway/problem.ts.
    const problem = { content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } } };
    responses = template ? { "405": problem } : { "404": problem, "400": problem };
    where = `${method} ${url.pathname} (not a declared operation)`;
  }
  const documented = responses[String(res.status)];
  if (!documented) return `${where} answered ${res.status}, which is not documented: ${body.slice(0, 300)}`;
  const missing = Object.entries(documented.headers ?? {})
    .filter(([name, h]) => h.required && res.header(name.toLowerCase()) === null)
    .map(([name]) => name);
  if (missing.length) return `${where} ${res.status} lacks its documented header(s) ${missing.join(", ")}`;
  const content = Object.entries(documented.content ?? {});
  if (content.length === 0) return body === "" ? null : `${where} ${res.status} has a body where none is documented`;
  const media = content.find(([t]) => typeMatches(t, type));
  if (!media)
    return `${where} ${res.status} answered ${type || "no content type"}, documented: ${content.map(([t]) => t).join(", ")}`;
  const [documentedType, { schema }] = media;
  if (!schema || !/json/.test(documentedType)) return null;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return `${where} ${res.status} is not JSON: ${body.slice(0, 200)}`;
  }
  const validate = validator(doc, `${where} ${res.status} ${documentedType}`, schema);
  if (validate(value)) return null;
  const errors = (validate.errors ?? [])
    .slice(0, 5)
    .map((e) => `${e.instancePath || "(body)"} ${e.message ?? ""} ${JSON.stringify(e.params)}`);
  return `${where} ${res.status} does not match its documented schema: ${errors.join("; ")}\nbody: ${body.slice(0, 500)}`;
}

globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
  const res = await originalFetch(input, init);
  const url = new URL(input instanceof Request ? input.url : input);
  if (isGatewayUrl(url)) {
    const method = init?.method ?? (input instanceof Request ? input.method : "GET");
    const received = {
      status: res.status,
      contentType: res.headers.get("content-type"),
      body: await res.clone().text(),
      header: (name: string) => res.headers.get(name),
    };
    await checkResponse(method, url, received);
  }
  return res;
};
