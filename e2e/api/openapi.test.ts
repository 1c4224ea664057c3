// The served OpenAPI document as integrators' tools take it: Redocly's linter (recommended rules)
// finds nothing, every operation carries examples valid against its own schemas, openapi-typescript
// types a client that type-checks and works against this server, and what the document says of
// ids, 405 and 431 is what the server does.
import { execFile } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { Ajv2020 } from "ajv/dist/2020";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { OPERATIONS, allowedMethods } from "@/lib/operations";
import { PHQ9 } from "@/lib/library/measures/phq9";
import { METHODS } from "@/lib/operations/define";
import { isQuestion } from "@/lib/schemas/module-definition";
import { AssignmentResult } from "@/lib/schemas/results";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { violation } from "./support/check-responses";
import { freshLoopback, httpFrom } from "./support/from-address";
import { baseUrl, makeWorld } from "./support/world";

const ROOT = path.resolve(import.meta.dirname, "../..");
// Inside the project (so that the client resolves openapi-fetch), ignored by git and the linters.
const DIR = path.join(ROOT, ".data", `openapi-test-${process.pid}`);
mkdirSync(DIR, { recursive: true });
afterAll(() => {
  rmSync(DIR, { recursive: true, force: true });
});

type Schema = Record<string, unknown>;
type Media = { schema?: Schema; example?: unknown };
type Op = {
  operationId: string;
  parameters?: { name: string; in: string; schema: Schema; example?: unknown; description?: string }[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media>; headers?: Record<string, { required?: boolean }> }>;
};
type Doc = {
  info: { description: string };
  paths: Record<string, Record<string, Op>>;
  components: { schemas: Record<string, Schema> };
};

const served = async (): Promise<Doc> => {
  // Once more if the server closed a kept-alive connection as it was reused (a busy machine's race).
  const res = await fetch(`${baseUrl}/gateway/openapi.json`).catch(() => fetch(`${baseUrl}/gateway/openapi.json`));
  expect(res.status).toBe(200);
  return (await res.json()) as Doc;
};

const operationsOf = (doc: Doc) =>
  Object.entries(doc.paths).flatMap(([p, ops]) => Object.entries(ops).map(([m, op]) => ({ where: `${m} ${p}`, op })));

describe("the served OpenAPI document", () => {
  it("passes Redocly's linter with its recommended rules: no error, no warning, and no network", async () => {
    const file = path.join(DIR, "openapi.json");
    writeFileSync(file, JSON.stringify(await served()));
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [
        "--import",
        path.join(import.meta.dirname, "support/no-network.mjs"),
        path.join(ROOT, "node_modules/@redocly/cli/bin/cli.js"),
        "lint",
        file,
        "--format=json",
      ],
      // Telemetry off: otherwise the CLI reports each run to Redocly's collector.
      { env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" } },
    );
    expect(stderr).not.toMatch(/network attempt/);
    const report = JSON.parse(stdout) as { totals: { errors: number; warnings: number }; problems: unknown[] };
    expect(report.problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it("declares every operation of the registry once, under its operationId", async () => {
    const doc = await served();
    const declared = operationsOf(doc).map(({ where, op }) => `${where} ${op.operationId}`);
    expect(declared.sort()).toEqual(
      OPERATIONS.map((op) => `${op.method.toLowerCase()} ${op.path} ${op.operationId}`).sort(),
    );
  });

  it("names, under Retries, every operation that takes an Idempotency-Key and no other", async () => {
    const doc = await served();
    const keyed = operationsOf(doc)
      .filter(({ op }) => op.parameters?.some((p) => p.in === "header" && p.name === "Idempotency-Key"))
      .map(({ op }) => op.operationId);
    expect(keyed.length).toBeGreaterThan(1);
    const retries = doc.info.description.split("\n\n").find((p) => p.startsWith("**Retries.**")) ?? "";
    const named = [...retries.matchAll(/`([a-zA-Z]+)`/g)].map((m) => m[1]).filter((id) => id !== "Idempotency");
    expect(named.sort()).toEqual(keyed.sort());
  });

  it("has request and response examples for every operation, valid against their own schemas", async () => {
    const doc = await served();
    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    const check = (where: string, media: Media) => {
      expect(media.example, `${where}: example`).toBeDefined();
      if (!media.schema) return;
      const validate = ajv.compile({ ...media.schema, components: doc.components });
      expect(validate(media.example) ? [] : validate.errors, where).toEqual([]);
    };
    for (const { where, op } of operationsOf(doc)) {
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {}))
        check(`${where} request ${type}`, media);
      for (const [status, response] of Object.entries(op.responses))
        for (const [type, media] of Object.entries(response.content ?? {}))
          if (!type.startsWith("image/")) check(`${where} ${status} ${type}`, media);
      // Every operation shows what it answers, in words at least for bytes and empty bodies.
      const ok = Object.entries(op.responses).find(([s]) => s.startsWith("2"));
      expect(ok, `${where}: a 2xx response`).toBeDefined();
    }
    // The declarations' examples also pass the zod schemas that validate requests.
    for (const op of OPERATIONS) {
      if (op.body) expect(op.body.schema.safeParse(op.body.example).error, op.operationId).toBeUndefined();
      if (op.ok.schema) expect(op.ok.schema.safeParse(op.ok.example).error, op.operationId).toBeUndefined();
    }
  });

  // Found by the review as a clinical psychologist (2026-12-06): the example named item 9 "phq9_9",
  // with an alert of its own words; an integrator matching on it would never match a real answer.
  it("shows an assignment's result as the library's PHQ-9 scores it: item 9's key, words and alert, and its bands", async () => {
    const doc = await served();
    const example = AssignmentResult.parse(
      doc.paths["/gateway/profile/caregiver/assignment/{id}/result"]?.get?.responses["200"]?.content?.[
        "application/json"
      ]?.example,
    );
    const scoring = PHQ9.definition.scoring;
    const item9 = PHQ9.definition.blocks.filter(isQuestion).find((q) => q.key === "item9");
    expect(example.moduleName).toBe(PHQ9.name);
    expect(example.bands).toEqual(scoring?.bands);
    expect(example.alerts.map((a) => [a.question, a.questionLabel, a.message])).toEqual([
      ["item9", item9?.label, scoring?.alerts.find((a) => a.question === "item9")?.message],
    ]);
    expect(example.answers.map((a) => [a.questionKey, a.question])).toEqual([["item9", item9?.label]]);
  });

  it("has an example for every parameter, valid against its schema and accepted by the operation", async () => {
    const doc = await served();
    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    for (const { where, op } of operationsOf(doc))
      for (const p of op.parameters ?? []) {
        expect(p.example, `${where} ${p.in} ${p.name}: example`).toBeDefined();
        const validate = ajv.compile({ ...p.schema, components: doc.components });
        expect(validate(p.example) ? [] : validate.errors, `${where} ${p.in} ${p.name}`).toEqual([]);
      }
    // Written in a URL, each example passes the zod schema that validates the operation's requests.
    for (const op of OPERATIONS) {
      const documented = doc.paths[op.path]?.[op.method.toLowerCase()]?.parameters ?? [];
      const inUrl = (place: string) =>
        Object.fromEntries(documented.filter((p) => p.in === place).map((p) => [p.name, String(p.example)]));
      if (op.params) expect(op.params.safeParse(inUrl("path")).error, op.operationId).toBeUndefined();
      if (op.query) expect(op.query.safeParse(inUrl("query")).error, op.operationId).toBeUndefined();
    }
  });

  it("documents page and size as integers with their bounds and defaults", async () => {
    const doc = await served();
    const paged = operationsOf(doc).filter(({ op }) => op.parameters?.some((p) => p.name === "size"));
    expect(paged.length).toBeGreaterThan(0);
    for (const { where, op } of paged) {
      const schemaOf = (name: string) => op.parameters?.find((p) => p.name === name)?.schema;
      expect(schemaOf("page"), where).toMatchObject({ type: "integer", minimum: 0, maximum: 999_999, default: 0 });
      expect(schemaOf("size"), where).toMatchObject({ type: "integer", minimum: 1, maximum: 100, default: 20 });
    }
  });

  it("names in each 400 example a field of the operation's own request, or none when it has none", async () => {
    const doc = await served();
    for (const { where, op } of operationsOf(doc)) {
      const example = Object.values(op.responses["400"]?.content ?? {})[0]?.example as
        { errors?: { path: string }[] } | undefined;
      const declared = OPERATIONS.find((o) => o.operationId === op.operationId);
      const fields = [
        ...(op.parameters ?? []).filter((p) => p.in !== "header").map((p) => `${p.in}.${p.name}`),
        ...Object.keys(declared?.body?.example ?? {}),
      ];
      for (const e of example?.errors ?? [])
        expect(
          fields.some((f) => e.path === f || e.path.startsWith(`${f}.`)),
          `${where}: ${e.path}`,
        ).toBe(true);
      if (fields.length === 0) expect(example?.errors, where).toBeUndefined();
    }
  });

  it("documents every id in path, query and body as an integer from 1 to 2147483647, or says it takes 0 or is ignored", async () => {
    const doc = await served();
    const deref = (s: Schema): Schema =>
      typeof s.$ref === "string" ? deref(doc.components.schemas[s.$ref.split("/").pop()!]!) : s;
    const integers = (s: Schema): Schema[] => {
      const d = deref(s);
      const options = (d.anyOf ?? d.oneOf) as Schema[] | undefined;
      return options ? options.flatMap(integers) : d.type === "integer" ? [d] : [];
    };
    const ids: { where: string; schema: Schema; description: string }[] = [];
    const walk = (s: Schema, where: string, seen: Set<Schema>) => {
      const d = deref(s);
      if (seen.has(d)) return;
      seen.add(d);
      for (const o of (d.anyOf ?? d.oneOf ?? []) as Schema[]) walk(o, where, seen);
      if (d.items) walk(d.items as Schema, `${where}.items`, seen);
      for (const [name, p] of Object.entries((d.properties ?? {}) as Record<string, Schema>)) {
        const at = `${where}.${name}`;
        const target = name.endsWith("List") ? ((deref(p).items as Schema | undefined) ?? p) : p;
        if (/(^id|Id|IdList|^caregiverList)$/.test(name))
          for (const i of integers(target))
            ids.push({ where: at, schema: i, description: String(deref(p).description) });
        walk(p, at, seen);
      }
    };
    for (const { where, op } of operationsOf(doc)) {
      for (const p of op.parameters ?? [])
        if (/(^id|Id)$/.test(p.name))
          ids.push({
            where: `${where} ${p.in}.${p.name}`,
            schema: p.schema,
            description: p.description ?? (typeof p.schema.description === "string" ? p.schema.description : ""),
          });
      for (const media of Object.values(op.requestBody?.content ?? {}))
        if (media.schema) walk(media.schema, `${where} body`, new Set());
    }
    expect(ids.length).toBeGreaterThan(10);
    // OPTT's samples send 0 for ids (decisions.md "OPTT's documented requests"): an ignored id takes
    // any integer, and an id that may be 0 (none, or the caller's clinic) says what 0 means.
    for (const { where, schema, description } of ids) {
      if (description.startsWith("Accepted and ignored")) expect(schema, where).toMatchObject({ type: "integer" });
      else if (schema.minimum === 0) {
        expect(schema, where).toMatchObject({ type: "integer", maximum: 2147483647 });
        expect(description, where).toMatch(/\b0\b/);
      } else expect(schema, where).toMatchObject({ type: "integer", minimum: 1, maximum: 2147483647 });
    }
  });

  it("types a client with openapi-typescript that type-checks, and that client works against this server", async () => {
    const w = await makeWorld();
    writeFileSync(path.join(DIR, "schema.d.ts"), astToString(await openapiTS(JSON.stringify(await served()))));
    const client = path.join(DIR, "client.ts");
    writeFileSync(
      client,
      `import createClient from "openapi-fetch";
import type { paths } from "./schema";

export async function run(baseUrl: string, username: string, password: string) {
  const api = createClient<paths>({ baseUrl });
  const token = await api.POST("/gateway/uaa/oauth/token", {
    body: { grant_type: "password", username, password },
    bodySerializer: (body) => new URLSearchParams(body).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  if (!token.data) throw new Error("no token: " + String(token.response.status));
  const headers = { authorization: "bearer " + token.data.access_token };
  const clients = await api.GET("/gateway/profile/clinic/client", {
    params: { query: { size: 5 }, header: { offset: "+01:00" } },
    headers,
  });
  // @ts-expect-error: a page size is an integer, as the server reads it
  void api.GET("/gateway/profile/clinic/client", { params: { query: { size: "5" } }, headers });
  if (!clients.data) throw new Error("no clients: " + String(clients.response.status));
  const first: number | undefined = clients.data.content[0]?.id;
  const detail = await api.GET("/gateway/profile/clinic/client/{id}", { params: { path: { id: first ?? 1 } }, headers });
  const missing = await api.GET("/gateway/profile/caregiver/session/{id}", { params: { path: { id: 2147483647 } }, headers: { authorization: "bearer " + token.data.access_token } });
  // @ts-expect-error: an id is an integer, not a string
  void api.GET("/gateway/profile/clinic/client/{id}", { params: { path: { id: "one" } }, headers });
  // @ts-expect-error: the document declares no such operation
  void api.GET("/gateway/profile/clinic/nothing", {});
  return {
    scope: token.data.scope,
    names: clients.data.content.map((c) => c.name),
    careTeam: detail.data?.careTeam.map((m) => m.name) ?? [],
    missingStatus: missing.error?.status,
  };
}
`,
    );
    const program = ts.createProgram([client], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ["lib.es2022.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
      types: [],
      skipLibCheck: true,
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    expect(diagnostics).toEqual([]);

    const { run } = (await import(/* @vite-ignore */ client)) as {
      run: (baseUrl: string, username: string, password: string) => Promise<unknown>;
    };
    expect(await run(baseUrl, `staff-${w.u}`, w.password)).toEqual({
      scope: "CLINIC",
      names: [`Client ${w.u}`],
      careTeam: [`Carer ${w.u}`],
      missingStatus: 404,
    });
  });

  it("answers 405 naming the declared methods for every other method on every declared path", async () => {
    const paths = [...new Set(OPERATIONS.map((op) => op.path))];
    for (const p of paths) {
      const allowed = allowedMethods(p);
      for (const method of METHODS.filter((m) => !allowed.includes(m))) {
        const res = await fetch(baseUrl + p.replace("{id}", "1"), { method });
        expect(res.status, `${method} ${p}`).toBe(405);
        expect(res.headers.get("allow"), `${method} ${p}`).toBe(allowed.join(", "));
      }
    }
  });

  it("is what the API suite checks every response against: an undocumented field or status fails", async () => {
    const health = new URL(`${baseUrl}/gateway/health`);
    expect(await violation("GET", health, Response.json({ status: "UP" }))).toBeNull();
    expect(await violation("GET", health, Response.json({ status: "UP", extra: 1 }))).toMatch(/does not match/);
    expect(await violation("GET", health, new Response("teapot", { status: 418 }))).toMatch(/not documented/);
    const wrong405 = new Response(JSON.stringify({ status: 405 }), {
      status: 405,
      headers: { "content-type": "application/problem+json" },
    });
    expect(await violation("PATCH", health, wrong405)).toMatch(/does not match/);
  });

  it("documents each body the token and revoke operations read: a form or JSON", async () => {
    const doc = await served();
    for (const p of ["/gateway/uaa/oauth/token", "/gateway/uaa/oauth/revoke"]) {
      const content = doc.paths[p]?.post?.requestBody?.content ?? {};
      expect(Object.keys(content).sort(), p).toEqual(["application/json", "application/x-www-form-urlencoded"]);
    }
  });

  it("declares the headers its answers carry, and the check holds the server to them", async () => {
    const doc = await served();
    /** The operations answering `status` that do not mark `name` a required header of it. */
    const without = (status: string, name: string) => {
      const answering = operationsOf(doc).filter(({ op }) => op.responses[status]);
      expect(answering.length, status).toBeGreaterThan(0);
      return answering
        .filter(({ op }) => op.responses[status]?.headers?.[name]?.required !== true)
        .map(({ where }) => where);
    };
    // RFC 9110: a 401 names its challenge; a 429 or 503 says when to come back.
    expect(without("401", "WWW-Authenticate")).toEqual([]);
    expect(without("429", "Retry-After")).toEqual([]);
    expect(without("503", "Retry-After")).toEqual([]);
    const located = operationsOf(doc).filter(({ op }) => op.responses["201"]?.headers?.location);
    expect(located.length).toBeGreaterThan(5);
    expect(located.filter(({ op }) => op.responses["201"]?.headers?.location?.required !== true)).toEqual([]);

    const read = new URL(`${baseUrl}/gateway/profile/clinic/client`);
    const unauthorized = (headers: Record<string, string>) =>
      new Response(
        JSON.stringify({ type: "/docs#problem-unauthorized", title: "Unauthorized", status: 401, detail: "x" }),
        {
          status: 401,
          headers: { "content-type": "application/problem+json", ...headers },
        },
      );
    expect(await violation("GET", read, unauthorized({}))).toMatch(/lacks its documented header\(s\) WWW-Authenticate/);
    expect(await violation("GET", read, unauthorized({ "www-authenticate": 'Bearer realm="gateway"' }))).toBeNull();
  });

  it("checks gateway responses of every loopback server, through fetch and through httpFrom", async () => {
    // Another server on this machine (as two-instances starts one) answering what no document allows.
    const other = createServer((_, res) => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ status: "UP", extra: 1 }));
    });
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(other.address() as AddressInfo).port}/gateway/health`;
      await expect(fetch(url)).rejects.toThrow(/Undocumented response.*does not match/);
      await expect(httpFrom(freshLoopback(), url)).rejects.toThrow(/Undocumented response.*does not match/);
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });

  it("answers the documented 431 to request headers over 16 KiB", async () => {
    const res = await fetch(`${baseUrl}/gateway/ping`, { headers: { "x-padding": "x".repeat(20 * 1024) } });
    expect(res.status).toBe(431);
  });
});
