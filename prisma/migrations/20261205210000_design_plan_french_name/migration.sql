-- A session scheduled with a design plan for a French-speaking client is titled by the plan's French
-- name (docs/library.md, "Names in French"). Null: the same name in both languages.
ALTER TABLE "DesignPlan" ADD COLUMN "nameFr" TEXT;
