// A server's lines reach the test through pino's asynchronous destination and a pipe, after the
// answer they describe: a test waits for the line it needs instead of for a fixed time.

/** Resolves once `lines` (a started server's output, as it comes) holds what `done` waits for. */
export async function untilLogged(lines: string[], done: (lines: string[]) => boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!done(lines)) {
    if (Date.now() > deadline)
      throw new Error(`the awaited log line did not come; last lines:\n${lines.slice(-5).join("\n")}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
