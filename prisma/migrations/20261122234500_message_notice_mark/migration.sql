-- The newest message when a person was last emailed a notice of the conversation: no other notice
-- until they have read past it.
ALTER TABLE "MessageRead" ADD COLUMN "noticedMessageId" INTEGER;
