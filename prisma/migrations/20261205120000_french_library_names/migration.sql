-- The library's French names, corrected (docs/library.md, "Names in French"). WHO-5's is the name of
-- its French version. PHQ-9, GAD-7 and PCL-5 go by the same acronym in French, so they have none: a
-- clinic's rename in English then reaches French-speaking clients too. Two books read better.
-- Only a copy still carrying the library's earlier French name changes: one the clinic wrote stays.
UPDATE "Book" b SET "nameFr" = l.fr
  FROM (VALUES
  ('measures-depression-anxiety', 'Mesures : dépression et anxiété', 'Questionnaires : dépression et anxiété'),
  ('measures-trauma', 'Traumatisme', 'Stress post-traumatique')
  ) AS l(key, was, fr)
 WHERE b."libraryKey" = l.key AND b."nameFr" = l.was;

UPDATE "Module" m SET "nameFr" = l.fr
  FROM (VALUES
  ('gad-7', 'GAD-7', NULL::text),
  ('pcl-5', 'PCL-5', NULL),
  ('phq-9', 'PHQ-9', NULL),
  ('who-5', 'Indice de bien-être WHO-5', 'Indice de bien-être OMS-5')
  ) AS l(key, was, fr)
 WHERE m."libraryKey" = l.key AND m."nameFr" = l.was;
