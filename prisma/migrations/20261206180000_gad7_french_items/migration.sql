-- GAD-7's French items as Pfizer's French version for France words them (docs/library.md, "Found
-- by a review as a clinical psychologist"). The copies of clinics created before 2026-12-06 asked a
-- mixture of it and the version for Canada, with items 2 and 3 in neither: a translation that is not
-- the validated one is not the instrument. Each copy whose current version still has the earlier
-- words gets a new version with the seven items' French replaced and nothing else; homework given
-- before keeps the version it was given (its answers are read against it), homework given from now
-- on asks the new one. The scores are unchanged: only the French words change.
WITH words(key, was, fr) AS (
  VALUES
    ('item1', 'Sentiment de nervosité, d''anxiété ou de tension',
              'Un sentiment de nervosité, d''anxiété ou de tension'),
    ('item2', 'Incapable d''arrêter de s''inquiéter ou de contrôler ses inquiétudes',
              'Une incapacité à arrêter de s''inquiéter ou à contrôler ses inquiétudes'),
    ('item3', 'Inquiétudes excessives à propos de différentes choses',
              'Une inquiétude excessive à propos de différentes choses'),
    ('item4', 'Difficulté à se détendre',
              'Des difficultés à se détendre'),
    ('item5', 'Agitation telle qu''il est difficile de rester tranquille',
              'Une agitation telle qu''il est difficile à tenir en place'),
    ('item6', 'Devenir facilement contrarié(e) ou irritable',
              'Une tendance à être facilement contrarié(e) ou irritable'),
    ('item7', 'Avoir peur que quelque chose d''épouvantable puisse arriver',
              'Un sentiment de peur comme si quelque chose de terrible risquait de se produire')
),
current AS (
  SELECT DISTINCT ON (v."moduleId") v."moduleId", v.version, v.definition
    FROM "ModuleVersion" v
    JOIN "Module" m ON m.id = v."moduleId"
   WHERE m."libraryKey" = 'gad-7'
   ORDER BY v."moduleId", v.version DESC
),
earlier AS (
  SELECT c.*
    FROM current c
   WHERE (SELECT count(*)
            FROM jsonb_array_elements(c.definition -> 'blocks') b
            JOIN words w ON w.key = b ->> 'key' AND w.was = b -> 'label' ->> 'fr') = 7
)
INSERT INTO "ModuleVersion" ("moduleId", version, definition)
SELECT e."moduleId", e.version + 1,
       jsonb_set(e.definition, '{blocks}', (
         SELECT jsonb_agg(CASE WHEN w.key IS NULL THEN b.block
                               ELSE jsonb_set(b.block, '{label,fr}', to_jsonb(w.fr)) END
                          ORDER BY b.n)
           FROM jsonb_array_elements(e.definition -> 'blocks') WITH ORDINALITY AS b(block, n)
           LEFT JOIN words w ON w.key = b.block ->> 'key'))
  FROM earlier e;
