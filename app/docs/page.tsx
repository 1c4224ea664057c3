import type { Metadata } from "next";
import { headers } from "next/headers";
import { STATUS_OF, type ErrorCode } from "@/lib/errors";
import { KEYED_OPERATIONS, OPERATIONS } from "@/lib/operations";
import { HEADERS } from "@/lib/operations/headers";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { textLinkVariants } from "@/components/ui/text-link";
import { paths } from "@/lib/api-client/paths";
import { ScalarReference } from "./scalar-reference";

export const metadata: Metadata = { title: "API reference" };

const CODES = Object.keys(STATUS_OF) as ErrorCode[];

export default async function DocsPage() {
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    <main className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-3xl font-semibold">API reference</h1>
      <p className="mt-3 text-muted-foreground">
        The gateway of the Care Program Platform, described by{" "}
        <a className={textLinkVariants({ variant: "inline" })} href={paths.openApi}>
          {paths.openApi}
        </a>{" "}
        (OpenAPI 3.1). Every operation below can be tried against this server.
      </p>
      <Card role="region" aria-labelledby="auth" className="mt-6">
        <CardHeader>
          <CardTitle id="auth" className="text-xl">
            Authentication
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ol className="list-decimal space-y-2 pl-6 text-muted-foreground">
            <li>
              Get a token: <code>POST /gateway/uaa/oauth/token</code> with a form body{" "}
              <code>grant_type=password&amp;username=…&amp;password=…</code>. The answer carries{" "}
              <code>access_token</code>, <code>expires_in</code> (seconds) and a <code>refresh_token</code> that gives a
              new pair once (<code>grant_type=refresh_token</code>).
            </li>
            <li>
              Send it on every other operation: <code>Authorization: bearer &lt;access_token&gt;</code>. In the
              reference below, open an operation&apos;s test request and paste the token under Authentication (bearer).
            </li>
            <li>
              <code>{HEADERS.offset.name}</code> header: {HEADERS.offset.description}
            </li>
            <li>
              <code>{HEADERS.idempotencyKey.name}</code> header, on the operations that create (
              {KEYED_OPERATIONS.map((op) => op.summary).join("; ")}): {HEADERS.idempotencyKey.description}
            </li>
          </ol>
        </CardContent>
      </Card>
      <nav aria-labelledby="operations" className="mt-6">
        <h2 id="operations" className="text-xl font-semibold">
          Operations
        </h2>
        <ul className="mt-2 space-y-1 text-sm">
          {OPERATIONS.map((op) => (
            <li key={op.operationId}>
              {/* The anchor of the operation in the reference below (Scalar's, with the "gateway" slug). */}
              <a
                className={textLinkVariants({ variant: "inline", className: "font-mono" })}
                href={`#gateway/tag/${op.tag.toLowerCase()}/${op.method}${op.path}`}
              >
                {op.method} {op.path}
              </a>{" "}
              <span className="text-muted-foreground">{op.summary}</span>
            </li>
          ))}
        </ul>
      </nav>
      <ScalarReference nonce={nonce} />
      <section aria-labelledby="errors" className="mt-10">
        <h2 id="errors" className="text-2xl font-semibold">
          Errors
        </h2>
        <p className="mt-2 text-muted-foreground">
          Every error is <code>application/problem+json</code> (RFC 9457):{" "}
          <code>{"{type, title, status, detail}"}</code> and, for field errors,{" "}
          <code>{"errors: [{path, message}]"}</code>. The token operations add the OAuth <code>error</code> and{" "}
          <code>error_description</code>.
        </p>
        <dl className="mt-4 space-y-2">
          {CODES.map((code) => (
            <div key={code} id={`problem-${code}`}>
              <dt className="font-mono font-semibold">
                {STATUS_OF[code].status} {code}
              </dt>
              <dd className="text-muted-foreground">{STATUS_OF[code].description}.</dd>
            </div>
          ))}
        </dl>
      </section>
    </main>
  );
}
