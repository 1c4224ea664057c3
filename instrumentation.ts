// Runs once when the server starts: a bad environment stops it with a clear message at once,
// instead of failing on the first request.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { env } = await import("./lib/env");
    env();
  }
}
