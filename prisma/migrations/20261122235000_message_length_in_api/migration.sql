-- The schema engine of Prisma cannot describe CHECK constraints (it panics reading their type),
-- which breaks migrate diff and migrate dev (docs/prisma-offline.md). The message length, 1 to
-- 4000 characters, is the rule of the API (lib/schemas/messages.ts), which writes every message.
ALTER TABLE "Message" DROP CONSTRAINT "Message_text_length";
