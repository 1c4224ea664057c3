-- A French-speaking client reads a book's and a module's name in French where the clinic wrote one
-- (docs/library.md, "Names in French"). Null: the same name in both languages.
ALTER TABLE "Book" ADD COLUMN "nameFr" TEXT;
ALTER TABLE "Module" ADD COLUMN "nameFr" TEXT;

-- The library's copies that clinics made before get the library's French names, unless the clinic
-- renamed them: a name of the clinic's own has no French of ours.
UPDATE "Book" b SET "nameFr" = l.fr
  FROM (VALUES
  ('anxiety-exposure', 'Anxiety and exposure', 'Anxiété et exposition'),
  ('behavioural-activation', 'Behavioural activation', 'Activation comportementale'),
  ('getting-started', 'Getting started', 'Pour commencer'),
  ('measures-depression-anxiety', 'Measures: depression and anxiety', 'Mesures : dépression et anxiété'),
  ('measures-trauma', 'Trauma', 'Traumatisme'),
  ('measures-wellbeing', 'Wellbeing', 'Bien-être'),
  ('sleep', 'Sleep', 'Sommeil'),
  ('staying-well', 'Staying well', 'Maintenir les acquis'),
  ('thoughts', 'Thoughts and feelings', 'Pensées et émotions')
  ) AS l(key, en, fr)
 WHERE b."libraryKey" = l.key AND b.name = l.en;

UPDATE "Module" m SET "nameFr" = l.fr
  FROM (VALUES
  ('activity-scheduling', 'Activity scheduling', 'Planification d''activités'),
  ('exposure-practice', 'Exposure practice record', 'Journal des expositions'),
  ('fear-ladder', 'Fear ladder', 'Échelle de la peur'),
  ('gad-7', 'GAD-7', 'GAD-7'),
  ('how-anxiety-works', 'How anxiety works', 'Comment fonctionne l''anxiété'),
  ('how-cbt-homework-works', 'How CBT homework works', 'Comment fonctionnent les exercices de TCC'),
  ('pcl-5', 'PCL-5', 'PCL-5'),
  ('phq-9', 'PHQ-9', 'PHQ-9'),
  ('relapse-prevention', 'Staying well: my relapse prevention plan', 'Maintenir les acquis : mon plan de prévention de la rechute'),
  ('sleep-diary', 'Sleep diary', 'Agenda du sommeil'),
  ('thought-record', 'Thought record', 'Tableau des pensées'),
  ('values', 'Values: what matters to you', 'Valeurs : ce qui compte pour vous'),
  ('who-5', 'WHO-5 Well-Being Index', 'Indice de bien-être WHO-5')
  ) AS l(key, en, fr)
 WHERE m."libraryKey" = l.key AND m.name = l.en;
