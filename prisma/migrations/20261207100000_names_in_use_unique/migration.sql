-- Two books, or two design plans, in use in one clinic never share a name: where homework is given
-- and sessions are scheduled, a name is how staff and care providers tell them apart (docs/library.md,
-- "One name in use"). An archived one may keep a name that one in use has; bringing it back is then
-- refused until one of them is renamed.
--
-- Names that repeat already are told apart first: the oldest keeps its name, the next ones get
-- " (2)", " (3)", … in the order they were made. Should such a name be taken too, the index below
-- stops the migration, changing nothing, and names the clinic and the name: rename one, then deploy
-- again.
UPDATE "Book" b
SET name = b.name || ' (' || r.n || ')'
FROM (
  SELECT id, row_number() OVER (PARTITION BY "clinicId", name ORDER BY id) AS n
  FROM "Book"
  WHERE "archivedAt" IS NULL
) r
WHERE b.id = r.id AND r.n > 1;

UPDATE "DesignPlan" p
SET name = p.name || ' (' || r.n || ')'
FROM (
  SELECT id, row_number() OVER (PARTITION BY "clinicId", name ORDER BY id) AS n
  FROM "DesignPlan"
  WHERE "archivedAt" IS NULL
) r
WHERE p.id = r.id AND r.n > 1;

-- CreateIndex
CREATE UNIQUE INDEX "Book_name_in_use_key" ON "Book"("clinicId", "name") WHERE ("archivedAt" IS NULL);

-- CreateIndex
CREATE UNIQUE INDEX "DesignPlan_name_in_use_key" ON "DesignPlan"("clinicId", "name") WHERE ("archivedAt" IS NULL);
