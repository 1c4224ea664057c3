import { request } from "node:http";
import { checkResponse } from "./check-responses";

/** A parsed JSON body, as JSON.parse gives it: the assertions that read it check its shape. */
export type Json = ReturnType<typeof JSON.parse>;

export type Reply = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: Json;
};

/**
 * An HTTP request sent from a chosen loopback address: every 127.x.y.z is this machine, so a test
 * gets a client address of its own that no other test shares (fetch cannot pick one). A gateway
 * response is checked against the document as fetch's are (./check-responses.ts).
 */
export function httpFrom(
  from: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: init.method ?? (init.body ? "POST" : "GET"), headers: init.headers, localAddress: from },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => (text += d));
        res.on("end", () => {
          let json: Json;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {}
          const status = res.statusCode ?? 0;
          const method = init.method ?? (init.body ? "POST" : "GET");
          const header = (name: string) => {
            const v = res.headers[name];
            return v === undefined ? null : String(v);
          };
          checkResponse(method, new URL(url), {
            status,
            contentType: res.headers["content-type"] ?? null,
            body: text,
            header,
          })
            .then(() => {
              resolve({ status, headers: res.headers, text, json });
            })
            .catch(reject);
        });
      },
    );
    req.on("error", reject);
    req.end(init.body);
  });
}

let next = 0;
const PER_PROCESS = 256;
/**
 * A loopback address no other test of this run uses: 127.1.0.1 to 127.250.255.250 are 16 million,
 * 256 for each of 62,500 process ids in turn, and the processes of one run have pids closer together
 * than that (two pids 200 apart once shared their addresses, and their rate limits).
 */
export const freshLoopback = () => {
  if (next >= PER_PROCESS) throw new Error(`more than ${PER_PROCESS} fresh addresses in one test process`);
  const n = (process.pid % 62_500) * PER_PROCESS + next++;
  return `127.${1 + Math.floor(n / 64_000)}.${Math.floor(n / 250) % 256}.${1 + (n % 250)}`;
};

/** The password grant from a chosen address (and, optionally, an X-Forwarded-For header). */
export const passwordGrantFrom = (
  base: string,
  from: string,
  username: string,
  password: string,
  forwardedFor?: string,
) =>
  httpFrom(from, `${base}/gateway/uaa/oauth/token`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}),
    },
    body: new URLSearchParams({ grant_type: "password", username, password }).toString(),
  });

/**
 * The pages' username-and-password sign-in (next-auth's credentials endpoint, as the sign-in
 * form's script calls it) from a chosen address. `error` is what the form reads to pick its message.
 */
export async function webSignInFrom(base: string, from: string, username: string, password: string) {
  const csrf = await httpFrom(from, `${base}/api/auth/csrf`);
  const cookie = ([] as string[])
    .concat(csrf.headers["set-cookie"] ?? [])
    .map((c) => c.split(";")[0])
    .join("; ");
  const r = await httpFrom(from, `${base}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams({
      csrfToken: csrf.json.csrfToken,
      username,
      password,
      json: "true",
      callbackUrl: "/",
    }).toString(),
  });
  const set = ([] as string[]).concat(r.headers["set-cookie"] ?? []);
  const session = set.find((c) => c.startsWith("next-auth.session-token="));
  const url = typeof r.json?.url === "string" ? new URL(r.json.url) : null;
  return {
    status: r.status,
    retryAfter: r.headers["retry-after"],
    error: url?.searchParams.get("error") ?? null,
    signedIn: Boolean(session),
    /** The session's cookie as a browser would send it back (empty when not signed in). */
    cookie: session?.split(";")[0] ?? "",
  };
}
