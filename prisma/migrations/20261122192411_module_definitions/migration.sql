-- Modules get versioned definitions. Every module made before has no questions yet: it gets a
-- version 1 without blocks, and every assignment keeps that version.
-- AlterTable
ALTER TABLE "Assignment" ADD COLUMN     "alerts" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN     "band" TEXT,
ADD COLUMN     "moduleVersionId" INTEGER,
ADD COLUMN     "subscales" JSONB;

-- AlterTable
ALTER TABLE "Book" ADD COLUMN     "description" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "libraryKey" TEXT;

-- AlterTable
ALTER TABLE "Module" ADD COLUMN     "libraryKey" TEXT;

-- CreateTable
CREATE TABLE "DesignPlanWeek" (
    "id" SERIAL NOT NULL,
    "designPlanId" INTEGER NOT NULL,
    "week" INTEGER NOT NULL,
    "bookId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "DesignPlanWeek_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ModuleVersion" (
    "id" SERIAL NOT NULL,
    "moduleId" INTEGER NOT NULL,
    "version" INTEGER NOT NULL,
    "definition" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ModuleVersion_pkey" PRIMARY KEY ("id")
);

INSERT INTO "ModuleVersion" ("moduleId", "version", "definition") SELECT id, 1, '{"blocks":[]}'::jsonb FROM "Module";
UPDATE "Assignment" a SET "moduleVersionId" = v.id FROM "ModuleVersion" v WHERE v."moduleId" = a."moduleId" AND v.version = 1;
ALTER TABLE "Assignment" ALTER COLUMN "moduleVersionId" SET NOT NULL;

-- CreateIndex
CREATE INDEX "DesignPlanWeek_designPlanId_idx" ON "DesignPlanWeek"("designPlanId");

-- CreateIndex
CREATE INDEX "DesignPlanWeek_bookId_idx" ON "DesignPlanWeek"("bookId");

-- CreateIndex
CREATE UNIQUE INDEX "DesignPlanWeek_designPlanId_week_bookId_key" ON "DesignPlanWeek"("designPlanId", "week", "bookId");

-- CreateIndex
CREATE INDEX "ModuleVersion_moduleId_idx" ON "ModuleVersion"("moduleId");

-- CreateIndex
CREATE UNIQUE INDEX "ModuleVersion_moduleId_version_key" ON "ModuleVersion"("moduleId", "version");

-- CreateIndex
CREATE INDEX "Assignment_moduleVersionId_idx" ON "Assignment"("moduleVersionId");

-- AddForeignKey
ALTER TABLE "DesignPlanWeek" ADD CONSTRAINT "DesignPlanWeek_designPlanId_fkey" FOREIGN KEY ("designPlanId") REFERENCES "DesignPlan"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DesignPlanWeek" ADD CONSTRAINT "DesignPlanWeek_bookId_fkey" FOREIGN KEY ("bookId") REFERENCES "Book"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ModuleVersion" ADD CONSTRAINT "ModuleVersion_moduleId_fkey" FOREIGN KEY ("moduleId") REFERENCES "Module"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Assignment" ADD CONSTRAINT "Assignment_moduleVersionId_fkey" FOREIGN KEY ("moduleVersionId") REFERENCES "ModuleVersion"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
