-- The alerts an earlier review was of, kept with it, and a row kept for alerts nobody reviewed too:
-- the record that the care team was told of a worrying answer the client saved, then submitted
-- without it (lib/results/earlier-alert-reviews.ts). Rows kept before hold none.

-- AlterTable
ALTER TABLE "EarlierAlertReview" ADD COLUMN     "alerts" JSONB NOT NULL DEFAULT '[]';
