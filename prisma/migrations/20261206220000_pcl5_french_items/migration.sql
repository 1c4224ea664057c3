-- PCL-5's French instructions and items as the French version attributed to Ashbaugh et al. (2016)
-- words them in French research and clinical forms (docs/library.md, "Found by a review as a
-- clinical psychologist"). The copies of clinics created before 2026-12-06 asked the instructions
-- and 16 of the 20 items in a translation of their own: a translation that is not the validated one
-- is not the instrument. Each copy whose current version still has the earlier words gets a new
-- version with those 17 French texts replaced and nothing else; homework given before keeps the
-- version it was given (its answers are read against it), homework given from now on asks the new
-- one. The scores are unchanged: only the French words change. The instructions block has no key:
-- it is found by its type and its earlier French words.
WITH words(key, was, fr) AS (
  VALUES
    (NULL, E'Voici une liste de problèmes que les gens éprouvent parfois suite à une expérience vraiment stressante. Veuillez lire chaque énoncé attentivement et indiquer dans quelle mesure vous avez été dérangé(e) par ce problème au cours du dernier mois.\n\nAu cours du dernier mois, dans quelle mesure avez-vous été affecté(e) par :',
           E'Voici une liste de problèmes que les gens éprouvent parfois suite à une expérience vraiment stressante. Veuillez lire chaque énoncé attentivement et cocher la case pour indiquer dans quelle mesure ce problème vous a affecté dans le dernier mois.\n\nDans le dernier mois, dans quelle mesure avez-vous été affecté par :'),
    ('item3', 'Se sentir ou agir soudainement comme si vous viviez à nouveau l''expérience stressante (comme si vous y étiez à nouveau) ?',
              'Se sentir ou agir soudainement comme si vous viviez à nouveau l''expérience stressante ?'),
    ('item4', 'Se sentir très bouleversé(e) lorsque quelque chose vous rappelle l''expérience stressante ?',
              'Se sentir mal quand quelque chose vous rappelle l''événement ?'),
    ('item5', 'Avoir de fortes réactions physiques lorsque quelque chose vous rappelle l''expérience stressante (par exemple, cœur qui bat fort, difficultés à respirer, transpiration) ?',
              'Avoir de fortes réactions physiques lorsque quelque chose vous rappelle l''événement (accélération cardiaque, difficulté respiratoire, sudation) ?'),
    ('item6', 'Éviter les souvenirs, les pensées ou les sentiments liés à l''expérience stressante ?',
              'Essayer d''éviter les souvenirs, pensées, et sentiments liés à l''événement ?'),
    ('item7', 'Éviter les éléments extérieurs qui vous rappellent l''expérience stressante (par exemple, des personnes, des endroits, des conversations, des activités, des objets ou des situations) ?',
              'Essayer d''éviter les personnes et les choses qui vous rappellent l''expérience stressante (lieux, personnes, activités, objets) ?'),
    ('item8', 'Avoir du mal à vous rappeler des éléments importants de l''expérience stressante ?',
              'Des difficultés à vous rappeler des parties importantes de l''événement ?'),
    ('item9', 'Avoir des croyances négatives intenses sur vous-même, les autres ou le monde (par exemple, des pensées telles que : je suis mauvais(e), j''ai quelque chose de gravement anormal, on ne peut faire confiance à personne, le monde est complètement dangereux) ?',
              'Des croyances négatives sur vous-même, les autres, le monde (des croyances comme : je suis mauvais, j''ai quelque chose qui cloche, je ne peux avoir confiance en personne, le monde est dangereux) ?'),
    ('item10', 'Vous blâmer ou blâmer quelqu''un d''autre pour l''expérience stressante ou pour ce qui s''est passé ensuite ?',
               'Vous blâmer ou blâmer quelqu''un d''autre pour l''événement ou ce qui s''est produit ensuite ?'),
    ('item11', 'Avoir des sentiments négatifs intenses tels que la peur, l''horreur, la colère, la culpabilité ou la honte ?',
               'Avoir des sentiments négatifs intenses tels que peur, horreur, colère, culpabilité, ou honte ?'),
    ('item13', 'Vous sentir distant(e) ou coupé(e) des autres ?',
               'Vous sentir distant ou coupé des autres ?'),
    ('item14', 'Avoir du mal à éprouver des sentiments positifs (par exemple, être incapable de ressentir du bonheur ou des sentiments d''amour pour vos proches) ?',
               'Avoir du mal à éprouver des sentiments positifs (par exemple être incapable de ressentir de la joie ou de l''amour envers vos proches) ?'),
    ('item15', 'Un comportement irritable, des crises de colère ou agir de façon agressive ?',
               'Comportement irritable, explosions de colère, ou agir agressivement ?'),
    ('item16', 'Prendre trop de risques ou faire des choses qui pourraient vous causer du tort ?',
               'Prendre des risques inconsidérés ou encore avoir des conduites qui pourraient vous mettre en danger ?'),
    ('item17', 'Être en état de « super-alerte », hypervigilant(e) ou sur vos gardes ?',
               'Être en état de « super-alerte », hyper vigilant ou sur vos gardes ?'),
    ('item18', 'Vous sentir nerveux(se) ou sursauter facilement ?',
               'Sursauter facilement ?'),
    ('item20', 'Avoir du mal à vous endormir ou à rester endormi(e) ?',
               'Avoir du mal à trouver le sommeil ou à rester endormi ?')
),
current AS (
  SELECT DISTINCT ON (v."moduleId") v."moduleId", v.version, v.definition
    FROM "ModuleVersion" v
    JOIN "Module" m ON m.id = v."moduleId"
   WHERE m."libraryKey" = 'pcl-5'
   ORDER BY v."moduleId", v.version DESC
),
-- A block matches the row of its earlier words: an item by its key, the instructions by their type.
earlier AS (
  SELECT c.*
    FROM current c
   WHERE (SELECT count(*)
            FROM jsonb_array_elements(c.definition -> 'blocks') b
            JOIN words w
              ON (w.key IS NOT NULL AND w.key = b ->> 'key' AND w.was = b -> 'label' ->> 'fr')
              OR (w.key IS NULL AND b ->> 'type' = 'text' AND w.was = b -> 'body' ->> 'fr')) = 17
)
INSERT INTO "ModuleVersion" ("moduleId", version, definition)
SELECT e."moduleId", e.version + 1,
       jsonb_set(e.definition, '{blocks}', (
         SELECT jsonb_agg(CASE WHEN w.was IS NULL THEN b.block
                               WHEN w.key IS NULL THEN jsonb_set(b.block, '{body,fr}', to_jsonb(w.fr))
                               ELSE jsonb_set(b.block, '{label,fr}', to_jsonb(w.fr)) END
                          ORDER BY b.n)
           FROM jsonb_array_elements(e.definition -> 'blocks') WITH ORDINALITY AS b(block, n)
           LEFT JOIN words w
             ON (w.key IS NOT NULL AND w.key = b.block ->> 'key' AND w.was = b.block -> 'label' ->> 'fr')
             OR (w.key IS NULL AND b.block ->> 'type' = 'text' AND w.was = b.block -> 'body' ->> 'fr')))
  FROM earlier e;
