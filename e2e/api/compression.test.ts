import { request } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { baseUrl } from "./support/world";

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A request as a browser sends it, the body as it came over the wire (fetch would decompress it). */
function raw(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, baseUrl), { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

/** The script files the sign-in page loads. */
async function scriptsOfSignIn(): Promise<string[]> {
  const html = (await raw("/signin")).body.toString("utf8");
  return [...new Set([...html.matchAll(/src="(\/_next\/static\/[^"]+\.js)"/g)].map((m) => m[1] ?? ""))];
}

describe("the build's JavaScript and CSS", () => {
  it("come compressed to a browser that accepts it (br, else gzip), the same bytes as uncompressed, with the security headers", async () => {
    const [script] = await scriptsOfSignIn();
    if (!script) throw new Error("the sign-in page loads no script");
    const plain = await raw(script);
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();

    const br = await raw(script, { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.headers).toMatchObject({
      "content-type": "application/javascript; charset=UTF-8",
      "cache-control": "public, max-age=31536000, immutable",
      vary: "Accept-Encoding",
      "x-content-type-options": "nosniff",
    });

    const gz = await raw(script, { "accept-encoding": "gzip;q=1, br;q=0" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);

    const head = await raw(script, { "accept-encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-length"]).toBe(String(br.body.length));
    expect(head.body.length).toBe(0);
  });

  it("answer a missing file and a path out of the build's folder as Next.js does, with a 404", async () => {
    for (const path of ["/_next/static/chunks/no-such-file.js", "/_next/static/..%2F..%2Fpackage.json.js"]) {
      const r = await raw(path, { "accept-encoding": "br" });
      expect(r.status).toBe(404);
      expect(r.headers["content-encoding"]).toBeUndefined();
    }
  });
});

describe("pages and the gateway", () => {
  it("send a page compressed to a browser that accepts it, and the same page plain to one that does not", async () => {
    const compressed = await raw("/signin", { "accept-encoding": "br, gzip" });
    expect(compressed.status).toBe(200);
    expect(compressed.headers["content-encoding"]).toBe("br");
    const html = brotliDecompressSync(compressed.body).toString("utf8");
    expect(html).toContain("<html");
    expect(html).toContain("Sign in");
    const plain = await raw("/signin");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString("utf8")).toContain("<html");
  });

  it("never compress a gateway answer, however large, so its headers stay the contract's", async () => {
    for (const path of ["/gateway/openapi.json", "/gateway/openapi.json?x=1"]) {
      const r = await raw(path, { "accept-encoding": "br, gzip" });
      expect(r.status).toBe(200);
      expect(r.body.length).toBeGreaterThan(10_000);
      expect(r.headers["content-encoding"]).toBeUndefined();
      expect(JSON.parse(r.body.toString("utf8"))).toHaveProperty("openapi");
    }
  });
});
