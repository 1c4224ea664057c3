-- Two books, or two design plans, in use in one clinic never share a name as it reads on a page:
-- names that differ only in how an accented letter is encoded (é as one code point, or as e and a
-- combining accent, as some systems and pasted text give it) or in the spaces between words (a
-- page shows a run of spaces as one, and a no-break space, French typography's before a colon, as
-- a space) are one name (docs/library.md, "One name in use"). Capitals still tell two names apart,
-- as they do on a page. The partial unique indexes of 20261207100000 compare bytes, and an index on
-- this key cannot be said in the Prisma schema (the drift test would drop it), so a trigger keeps
-- the rule: it takes a lock per clinic first, so that racing writes are decided one after the
-- other, each seeing the one before it committed; and it fails as the index does (23505, the
-- index's name), so the API's 409 at `name` is unchanged. The database's encoding is UTF-8, which
-- normalize() needs.

-- Nothing is written to either table while the rule changes: a name given meanwhile by an instance
-- still running the code before would be neither told apart below nor checked by the trigger.
LOCK TABLE "Book", "DesignPlan" IN SHARE ROW EXCLUSIVE MODE;

-- The key a name is compared by. The spaces are Unicode's White_Space, listed rather than read
-- from the database's locale ([[:space:]]), so that the rule is one on every deployment.
CREATE FUNCTION "Library_nameKey"(name text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(normalize(name, NFC),
    '[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+', ' ', 'g'))
$$;

-- Names that are one already are told apart as in 20261207100000: the oldest keeps its name, each
-- next one gets the first of " (2)", " (3)", … whose key no other one in use in its clinic has, on
-- its French name too where it has one, within the API's 200 characters.
CREATE FUNCTION "pg_temp"."names_apart_as_read"(tbl regclass) RETURNS void LANGUAGE plpgsql AS $$
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
        AND EXISTS (SELECT 1 FROM %s o WHERE o."clinicId" = t."clinicId"
                      AND "Library_nameKey"(o.name) = "Library_nameKey"(t.name)
                      AND o."archivedAt" IS NULL AND o.id < t.id)
      ORDER BY t.id', tbl, tbl)
  LOOP
    n := 2;
    LOOP
      suffix := ' (' || n || ')';
      candidate := left(twin.name, 200 - length(suffix)) || suffix;
      EXECUTE format('SELECT EXISTS (SELECT 1 FROM %s WHERE "clinicId" = $1 AND "archivedAt" IS NULL
                        AND "Library_nameKey"(name) = "Library_nameKey"($2))', tbl)
        INTO taken USING twin."clinicId", candidate;
      EXIT WHEN NOT taken;
      n := n + 1;
    END LOOP;
    EXECUTE format('UPDATE %s SET name = $1, "nameFr" = left($2, 200 - length($3)) || $3 WHERE id = $4', tbl)
      USING candidate, twin."nameFr", suffix, twin.id;
  END LOOP;
END $$;

SELECT "pg_temp"."names_apart_as_read"('"Book"');
SELECT "pg_temp"."names_apart_as_read"('"DesignPlan"');
DROP FUNCTION "pg_temp"."names_apart_as_read"(regclass);

-- One trigger function for both tables: TG_TABLE_NAME is "Book" or "DesignPlan". Archiving takes
-- the lock too, so that a name given while another one is being archived waits for that archive
-- and is then given, as with the unique index, instead of meeting the name still in use.
CREATE FUNCTION "Library_name_in_use"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  taken boolean;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended(TG_TABLE_NAME || ' name in use:' || NEW."clinicId", 0));
  IF NEW."archivedAt" IS NOT NULL THEN
    RETURN NEW;
  END IF;
  EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I WHERE "clinicId" = $1 AND "archivedAt" IS NULL AND id <> $2
                    AND "Library_nameKey"(name) = "Library_nameKey"($3))', TG_TABLE_NAME)
    INTO taken USING NEW."clinicId", NEW.id, NEW.name;
  IF taken THEN
    RAISE EXCEPTION 'another one in use in the clinic already has this name'
      USING ERRCODE = 'unique_violation', CONSTRAINT = TG_TABLE_NAME || '_name_in_use_key';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER "Book_name_in_use" BEFORE INSERT OR UPDATE OF name, "archivedAt", "clinicId" ON "Book"
  FOR EACH ROW EXECUTE FUNCTION "Library_name_in_use"();

CREATE TRIGGER "DesignPlan_name_in_use" BEFORE INSERT OR UPDATE OF name, "archivedAt", "clinicId" ON "DesignPlan"
  FOR EACH ROW EXECUTE FUNCTION "Library_name_in_use"();
