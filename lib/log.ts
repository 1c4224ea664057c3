import "server-only";
import pino from "pino";

// Structured JSON logs. No health data in them: requests are logged by method, route shape (ids
// as ":id", no query string), status and timing; anything that could carry a person's data is
// redacted should it ever be logged.
export const log = pino(
  {
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
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
  // Buffered writes: a log line per request must not cost the request a synchronous write.
  pino.destination({ sync: false }),
);

/** A request path with every id replaced, so that logs never carry which client or session. */
export const routeShape = (pathname: string) => pathname.replace(/\/\d+(?=\/|$)/g, "/:id").slice(0, 200);
