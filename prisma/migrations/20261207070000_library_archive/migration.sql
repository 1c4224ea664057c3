-- Archiving in the library: a book, a design plan or a module that has been given stays (its
-- assignments and sessions need it) but is no longer offered (docs/library.md "Archiving").
ALTER TABLE "Book" ADD COLUMN "archivedAt" TIMESTAMP(3);
ALTER TABLE "DesignPlan" ADD COLUMN "archivedAt" TIMESTAMP(3);
ALTER TABLE "Module" ADD COLUMN "archivedAt" TIMESTAMP(3);
