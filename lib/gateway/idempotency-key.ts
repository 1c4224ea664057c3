import { AppError } from "@/lib/errors";

/** The optional Idempotency-Key header: 1 to 255 visible ASCII characters. */
export function readIdempotencyKey(req: Request): string | null {
  const v = req.headers.get("idempotency-key");
  if (v === null) return null;
  if (!/^[\x21-\x7e]{1,255}$/.test(v)) {
    throw new AppError("bad_request", "the Idempotency-Key header must be 1 to 255 visible ASCII characters", [
      { path: "header.Idempotency-Key", message: "invalid" },
    ]);
  }
  return v;
}
