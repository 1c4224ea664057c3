import { z } from "zod";

// Read once at start; a bad value stops the server with a clear message instead of failing later.
const EnvSchema = z.object({
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, "must be a postgresql:// URL"),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  ACCESS_TOKEN_TTL: z.coerce
    .number()
    .int()
    .min(60)
    .default(24 * 3600),
  REFRESH_TOKEN_TTL: z.coerce
    .number()
    .int()
    .min(60)
    .default(30 * 24 * 3600),
  MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(8 * 1024 * 1024),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  // Failed password sign-ins (token grant and web form together) per username and client address.
  RATE_LIMIT_USER: z.coerce.number().int().min(1).default(10),
  // Failed password sign-ins per username from all addresses, in a window of its own.
  RATE_LIMIT_ACCOUNT: z.coerce.number().int().min(1).default(100),
  RATE_LIMIT_ACCOUNT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
  RATE_LIMIT_ADDRESS: z.coerce.number().int().min(1).default(300),
  // Password verifications at once in this process, and how many may wait; beyond that, 503.
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(10_000).default(64),
  // Of those, how many one client address may have at once (verifying or waiting); beyond that, 429.
  PASSWORD_HASH_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(4),
  // Encrypts stored IdP client secrets and keys the web session; `npm start` makes one when unset.
  SECRET_KEY: z.string({ message: "is required (at least 32 characters)" }).min(32, "must be at least 32 characters"),
  NEXTAUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  NEXTAUTH_URL: z.url().optional(),
  SESSION_MAX_AGE: z.coerce
    .number()
    .int()
    .min(60)
    .default(8 * 3600),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  // Email: the SMTP server (smtp://user:pass@host:587, smtps://…) and the sender. Without SMTP_URL
  // the server still queues email; `npm start` then runs a local mail catcher and points here.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Care Platform <no-reply@care-platform.local>"),
  // Job workers of this process (reminders, email, digest): jobs run at once, poll for due ones.
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(2),
  WORKER_POLL_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  // When the daily digest goes out (cron, UTC): 07:00 by default.
  DIGEST_CRON: z
    .string()
    .regex(/^(\S+\s+){4}\S+$/, "must be a five-field cron expression")
    .default("0 7 * * *"),
  // When clients past their institute's retention period are erased (cron, UTC): 03:15 by default.
  RETENTION_CRON: z
    .string()
    .regex(/^(\S+\s+){4}\S+$/, "must be a five-field cron expression")
    .default("15 3 * * *"),
  // How long after a message its "you have a new message" email waits (seconds): a burst of
  // messages gives one email, and none when the person has read them by then.
  MESSAGE_NOTICE_DELAY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  // How long an urgent alert may go unreviewed by the care team before the clinic's staff are
  // emailed (hours after the care team was told).
  ALERT_ESCALATION_HOURS: z.coerce.number().int().min(1).max(168).default(24),
  // How long after the staff were told an urgent alert may still go unreviewed before the clinic's
  // duty contact is emailed (the second level; hours).
  ALERT_DUTY_HOURS: z.coerce.number().int().min(1).max(168).default(24),
  // How long answers saved but not submitted that raise an urgent alert wait for the submit before
  // the care team is told of them (minutes after the save that raised it).
  SAVED_ALERT_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
});

export type Env = z.infer<typeof EnvSchema>;

let cached: Env | undefined;

export function env(): Env {
  if (!cached) {
    const parsed = EnvSchema.safeParse(process.env);
    if (!parsed.success) {
      const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
      throw new Error(`Invalid environment:\n${lines}`);
    }
    cached = parsed.data;
  }
  return cached;
}
