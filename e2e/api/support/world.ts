// The API tests' world: the one builder (e2e/support/world.ts) on the test stack's database, and
// HTTP helpers to talk to the test stack's server.
import { inject } from "vitest";
import { scriptClient } from "@/scripts/lib/script-client";
import { buildWorld } from "../../support/world";
import type { Json } from "./from-address";

export { uid } from "../../support/world";
export { PNG_1x1 } from "../../support/images";

export const baseUrl = inject("baseUrl");
export const db = scriptClient(inject("databaseUrl"));

type ApiOptions = {
  method?: string;
  token?: string | null;
  body?: unknown;
  rawBody?: BodyInit;
  headers?: Record<string, string>;
};

export async function api(path: string, opts: ApiOptions = {}) {
  const headers: Record<string, string> = { accept: "*/*", ...opts.headers };
  if (opts.token) headers.authorization = `bearer ${opts.token}`;
  let body: BodyInit | undefined = opts.rawBody;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers["content-type"] ??= "application/json";
  }
  const res = await fetch(baseUrl + path, {
    method: opts.method ?? (body !== undefined ? "POST" : "GET"),
    headers,
    body,
    redirect: "manual",
  });
  const text = await res.text();
  let json: Json = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {}
  return { status: res.status, headers: res.headers, text, json };
}

export async function login(username: string, password: string): Promise<string> {
  const r = await api("/gateway/uaa/oauth/token", {
    method: "POST",
    rawBody: new URLSearchParams({ grant_type: "password", username, password }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  if (r.status !== 200) throw new Error(`login ${username} failed: ${r.status} ${r.text}`);
  return r.json.access_token;
}

/**
 * The audit rows' condition on who read: the account of this caregiver or client (the audit log
 * names accounts by id, without a relation to filter through).
 */
export async function readBy(who: { caregiverId: number } | { clientId: number }) {
  const account = await db.account.findFirstOrThrow({ where: who, select: { id: true } });
  return account.id;
}

/** A world of the one builder (plain names), with `token(who)`: that person's access token. */
export async function makeWorld() {
  const w = await buildWorld(db);
  const tokens: Partial<Record<string, string>> = {};
  const token = async (who: "staff" | "carer" | "outsider" | "client" | "inst") =>
    (tokens[who] ??= await login(`${who}-${w.u}`, w.password));
  return { ...w, token };
}

export type World = Awaited<ReturnType<typeof makeWorld>>;

/** Rows a clinic owns, to prove that a rejected request changed nothing. */
export async function clinicRowCounts(clinicId: number) {
  const [clients, sessions, assignments, careTeam, keys] = await Promise.all([
    db.client.count({ where: { clinicId } }),
    db.session.count({ where: { clinicId } }),
    db.assignment.count({ where: { session: { clinicId } } }),
    db.careTeamMember.count({ where: { client: { clinicId } } }),
    db.idempotencyKey.count({ where: { account: { staff: { clinicId } } } }),
  ]);
  return { clients, sessions, assignments, careTeam, keys };
}

/** The id a creation's `location` header ends with (`/client/12`, `/caregiver/7`); NaN without one. */
export const locationId = (r: { headers: Headers }) => Number(r.headers.get("location")?.split("/").pop());
