// The lines the product's log (lib/log.ts) writes in this test process, as it writes them: its
// destination's writes are watched (and still go out), so a test reads the JSON the deployment's
// log store would keep, not the arguments of a call.
import pino from "pino";
import SonicBoom from "sonic-boom";
import { onTestFinished, vi } from "vitest";
import { log } from "@/lib/log";

/** Called in a test: from now until it ends, `lines(msg)` are the lines written with that message, parsed. */
export function watchLog() {
  // pino keeps its destination under a symbol its types leave out; checked rather than assumed.
  const destination: unknown = Reflect.get(log, pino.symbols.streamSym);
  if (!(destination instanceof SonicBoom)) throw new Error("lib/log.ts no longer writes to a pino.destination");
  const write = vi.spyOn(destination, "write");
  onTestFinished(() => {
    write.mockRestore();
  });
  const written = () => write.mock.calls.flatMap(([text]) => text.split("\n").filter(Boolean));
  return {
    written,
    lines: (msg: string): Record<string, unknown>[] =>
      written()
        .map((l): unknown => JSON.parse(l))
        .filter(
          (l): l is Record<string, unknown> => typeof l === "object" && l !== null && "msg" in l && l.msg === msg,
        ),
  };
}
