-- Two books, or two design plans, in use in one clinic never share a name: where homework is given
-- and sessions are scheduled, a name is how staff and care providers tell them apart (docs/library.md,
-- "One name in use"). An archived one may keep a name that one in use has; bringing it back is then
-- refused until one of them is renamed.
--
-- Names that repeat already are told apart first: the oldest keeps its name, each next one gets the
-- first of " (2)", " (3)", … that no other one in use in its clinic has (a clinic may have told twins
-- apart so by hand), on its French name too where it has one, shortened to stay within the API's 200
-- characters.
CREATE FUNCTION "pg_temp"."name_twins_apart"(tbl regclass) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  twin record;
  n int;
  suffix text;
  candidate text;
  taken boolean;
BEGIN
  FOR twin IN EXECUTE format(
    'SELECT t.id, t."clinicId", t.name, t."nameFr" FROM %s t
      WHERE t."archivedAt" IS NULL
        AND EXISTS (SELECT 1 FROM %s o WHERE o."clinicId" = t."clinicId" AND o.name = t.name
                      AND o."archivedAt" IS NULL AND o.id < t.id)
      ORDER BY t.id', tbl, tbl)
  LOOP
    n := 2;
    LOOP
      suffix := ' (' || n || ')';
      candidate := left(twin.name, 200 - length(suffix)) || suffix;
      EXECUTE format('SELECT EXISTS (SELECT 1 FROM %s WHERE "clinicId" = $1 AND name = $2 AND "archivedAt" IS NULL)', tbl)
        INTO taken USING twin."clinicId", candidate;
      EXIT WHEN NOT taken;
      n := n + 1;
    END LOOP;
    EXECUTE format('UPDATE %s SET name = $1, "nameFr" = left($2, 200 - length($3)) || $3 WHERE id = $4', tbl)
      USING candidate, twin."nameFr", suffix, twin.id;
  END LOOP;
END $$;

SELECT "pg_temp"."name_twins_apart"('"Book"');
SELECT "pg_temp"."name_twins_apart"('"DesignPlan"');
DROP FUNCTION "pg_temp"."name_twins_apart"(regclass);

-- CreateIndex
CREATE UNIQUE INDEX "Book_name_in_use_key" ON "Book"("clinicId", "name") WHERE ("archivedAt" IS NULL);

-- CreateIndex
CREATE UNIQUE INDEX "DesignPlan_name_in_use_key" ON "DesignPlan"("clinicId", "name") WHERE ("archivedAt" IS NULL);
