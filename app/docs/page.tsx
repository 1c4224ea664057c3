import type { Metadata } from "next";
import { buildOpenApi } from "@/lib/openapi/build-openapi";

export const metadata: Metadata = { title: "API reference" };

type Operation = {
  summary: string;
  description?: string;
  "x-roles"?: string[];
  parameters?: { name: string; in: string; description?: string }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema?: unknown }> }>;
};

const ERRORS = [
  ["bad_request", 400, "Malformed JSON, wrong field types, a bad header or an invalid value."],
  ["unauthorized", 401, "Missing, malformed, expired or revoked token."],
  ["forbidden", 403, "Authenticated, but the role may not use this operation."],
  ["not_found", 404, "Unknown id, or one outside the caller's scope."],
  ["conflict", 409, "Duplicate externalClientId or email in the clinic; Idempotency-Key reused with another body."],
  ["payload_too_large", 413, "Body over 8 MiB, or image over 5 MiB decoded."],
  ["unsupported_media_type", 415, "A body that is not application/json where JSON is required."],
  ["unprocessable", 422, "Names a caregiver, design plan or book that does not exist in the clinic."],
  ["rate_limited", 429, "Too many requests; see Retry-After."],
  ["bad_gateway", 502, "The identity provider failed during SSO."],
  ["unavailable", 503, "The database is unavailable; nothing was changed; see Retry-After."],
  ["internal", 500, "An unexpected error; never carries internals."],
] as const;

export default function DocsPage() {
  const doc = buildOpenApi();
  const paths = doc.paths as Record<string, Record<string, Operation>>;
  return (
    <main className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-semibold">{doc.info.title}: API reference</h1>
      <p className="mt-3 text-slate-700">{doc.info.description}</p>
      <p className="mt-2 text-slate-700">
        Machine-readable:{" "}
        <a className="text-blue-700 underline" href="/gateway/openapi.json">
          /gateway/openapi.json
        </a>{" "}
        (OpenAPI {doc.openapi}). Authenticated operations take <code>Authorization: bearer &lt;ACCESS_TOKEN&gt;</code>{" "}
        from the token operation.
      </p>
      <nav aria-label="Operations" className="mt-6">
        <ul className="space-y-1">
          {Object.entries(paths).flatMap(([path, ops]) =>
            Object.entries(ops).map(([method, op]) => (
              <li key={method + path}>
                <a className="font-mono text-sm text-blue-700 underline" href={`#${method}-${path}`}>
                  {method.toUpperCase()} {path}
                </a>{" "}
                <span className="text-sm text-slate-700">{op.summary}</span>
              </li>
            )),
          )}
        </ul>
      </nav>
      {Object.entries(paths).flatMap(([path, ops]) =>
        Object.entries(ops).map(([method, op]) => (
          <section
            key={method + path}
            id={`${method}-${path}`}
            className="mt-10 rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
          >
            <h2 className="font-mono text-lg font-semibold">
              <span className="mr-2 rounded bg-slate-800 px-2 py-0.5 text-sm text-white">{method.toUpperCase()}</span>
              {path}
            </h2>
            <p className="mt-2 font-medium">{op.summary}</p>
            {op.description && <p className="mt-1 text-slate-700">{op.description}</p>}
            <p className="mt-2 text-sm text-slate-700">
              {op["x-roles"] ? <>Roles: {op["x-roles"].join(", ")}</> : "No token needed."}
            </p>
            {op.parameters && (
              <>
                <h3 className="mt-4 font-semibold">Parameters</h3>
                <ul className="mt-1 list-disc pl-6 text-sm">
                  {op.parameters.map((p) => (
                    <li key={p.in + p.name}>
                      <code>{p.name}</code> ({p.in}){p.description ? `: ${p.description}` : ""}
                    </li>
                  ))}
                </ul>
              </>
            )}
            {op.requestBody && (
              <details className="mt-4">
                <summary className="cursor-pointer font-semibold">
                  Request body ({Object.keys(op.requestBody.content).join(", ")})
                </summary>
                <pre className="mt-2 overflow-x-auto rounded bg-slate-900 p-3 text-xs text-slate-100">
                  {JSON.stringify(Object.values(op.requestBody.content)[0]?.schema, null, 2)}
                </pre>
              </details>
            )}
            <h3 className="mt-4 font-semibold">Responses</h3>
            <ul className="mt-1 list-disc pl-6 text-sm">
              {Object.entries(op.responses).map(([status, r]) => (
                <li key={status}>
                  <strong>{status}</strong>: {r.description}
                </li>
              ))}
            </ul>
          </section>
        )),
      )}
      <section className="mt-10">
        <h2 className="text-2xl font-semibold">Schemas</h2>
        {Object.entries(doc.components.schemas).map(([name, schema]) => (
          <details key={name} id={`schema-${name}`} className="mt-3 rounded border border-slate-200 bg-white p-3">
            <summary className="cursor-pointer font-mono font-semibold">{name}</summary>
            <pre className="mt-2 overflow-x-auto rounded bg-slate-900 p-3 text-xs text-slate-100">
              {JSON.stringify(schema, null, 2)}
            </pre>
          </details>
        ))}
      </section>
      <section className="mt-10">
        <h2 className="text-2xl font-semibold">Errors</h2>
        <p className="mt-2 text-slate-700">
          Every error is <code>application/problem+json</code>: <code>{"{type, title, status, detail}"}</code> and, for
          field errors, <code>{"errors: [{path, message}]"}</code>. The token operation adds the OAuth{" "}
          <code>error</code> and <code>error_description</code>.
        </p>
        <dl className="mt-4 space-y-2">
          {ERRORS.map(([code, status, text]) => (
            <div key={code} id={`problem-${code}`}>
              <dt className="font-mono font-semibold">
                {status} {code}
              </dt>
              <dd className="text-slate-700">{text}</dd>
            </div>
          ))}
        </dl>
      </section>
    </main>
  );
}
