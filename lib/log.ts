import "server-only";
import pino from "pino";

// Structured JSON logs. No health data in them: requests are logged by method, route shape (ids
// as ":id", no query string), status and timing; anything that could carry a person's data is
// redacted should it ever be logged. One line names a client by id on purpose: an erasure's
// (lib/clients/erase-client.ts), the trace that outlives a restore of the database, whose record
// is gone by then. Writes are buffered: a log line per request must not cost the request a
// synchronous write.
const destination = pino.destination({ sync: false });
// pino's own isoTime constructs a Date per line, which Next.js's wrapper of the constructor makes
// several times dearer (see lib/dates.ts); one Date has its time set instead.
const clock = new Date(0);
const isoTime = () => {
  clock.setTime(Date.now());
  return `,"time":"${clock.toISOString()}"`;
};
const base = { base: undefined, timestamp: isoTime };

export const log = pino(
  {
    ...base,
    redact: {
      paths: [
        "email",
        "name",
        "*.email",
        "*.name",
        "imageData",
        "*.imageData",
        "password",
        "*.password",
        "token",
        "*.token",
        "authorization",
        "*.authorization",
        "cookie",
        "*.cookie",
        "headers",
      ],
      censor: "[redacted]",
    },
  },
  destination,
);

/**
 * The one line per request (withRequestLine), into the same output. Its fields are all the
 * gateway's own (request id, method, route shape, status, time, role), so it skips the redaction,
 * which costs every line it passes through about 5 µs and 12 KB of garbage (docs/performance.md).
 */
export const requestLog = pino(base, destination);

/** A request path with every id replaced, so that logs never carry which client or session. */
export const routeShape = (pathname: string) => pathname.replace(/\/\d+(?=\/|$)/g, "/:id").slice(0, 200);
