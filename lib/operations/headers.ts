import type { HeaderName } from "./define";

/** The request headers operations read, described once for the OpenAPI document and /docs. */
export const HEADERS: Record<HeaderName, { name: string; description: string; example: string }> = {
  offset: {
    name: "offset",
    description:
      "The caller's UTC offset in hours (1, -5, 5.5, +05:30; -12..+14). Dates are read and written in it. Absent: UTC.",
    example: "+01:00",
  },
  timeZone: {
    name: "time-zone",
    description:
      "An IANA time zone (Europe/Paris). When given, the request's local dates and times are read by its rules, each day in its own offset, so weekly sessions, their reminders and due moments keep their local hour across a change of clock; answers are still written in `offset`. Absent: `offset` alone. Not a zone: 400.",
    example: "Europe/Paris",
  },
  idempotencyKey: {
    name: "Idempotency-Key",
    description:
      "1 to 255 visible ASCII characters. A retry with the same key and body returns the first result without creating anything; the same key with another body, or sent to another operation, answers 409.",
    example: "3f1c9a52-7d1e-4a8b-9c3e-5b2f0e6d1a47",
  },
};

/** Errors every operation behind a token can answer, besides its own. */
export const AUTHED_ERRORS = ["bad_request", "unauthorized", "forbidden", "unavailable"] as const;
/** Errors of reading a JSON body. */
export const JSON_BODY_ERRORS = ["bad_request", "payload_too_large", "unsupported_media_type"] as const;
