-- DropIndex
DROP INDEX "reactions_memory_id_user_id_kind_key";

-- DropIndex
DROP INDEX "reactions_response_id_user_id_kind_key";

-- AlterTable
ALTER TABLE "comments" ADD COLUMN     "family_id" UUID;

-- AlterTable
ALTER TABLE "follow_up_questions" ADD COLUMN     "family_id" UUID;

-- AlterTable
ALTER TABLE "reactions" ADD COLUMN     "family_id" UUID;

-- CreateIndex
CREATE INDEX "comments_family_id_idx" ON "comments"("family_id");

-- CreateIndex
CREATE INDEX "follow_up_questions_family_id_idx" ON "follow_up_questions"("family_id");

-- CreateIndex
CREATE INDEX "reactions_family_id_idx" ON "reactions"("family_id");

-- CreateIndex
CREATE UNIQUE INDEX "reactions_memory_id_user_id_kind_family_id_key" ON "reactions"("memory_id", "user_id", "kind", "family_id");

-- CreateIndex
CREATE UNIQUE INDEX "reactions_response_id_user_id_kind_family_id_key" ON "reactions"("response_id", "user_id", "kind", "family_id");

-- AddForeignKey
ALTER TABLE "comments" ADD CONSTRAINT "comments_family_id_fkey" FOREIGN KEY ("family_id") REFERENCES "families"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reactions" ADD CONSTRAINT "reactions_family_id_fkey" FOREIGN KEY ("family_id") REFERENCES "families"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "follow_up_questions" ADD CONSTRAINT "follow_up_questions_family_id_fkey" FOREIGN KEY ("family_id") REFERENCES "families"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The family each conversation happened in (docs/decisions/037-conversations-stay-in-their-family.md):
-- its item's family, unless the row is older than that family. Then the item moved there with its
-- author after the row was written (a removal makes a new family, decision 024), so the row belongs
-- to the family before: the writer's, when the writer is not in the item's family now; otherwise
-- one that can no longer be told (NULL), shown to nobody. Either way it is no longer shown with the
-- item. An item without a family has no conversation anyone reads (NULL).
UPDATE "comments" AS t
   SET "family_id" = placed.family_id
  FROM (SELECT said."id",
               CASE WHEN f."id" IS NULL THEN NULL
                    WHEN said."created_at" >= f."created_at" THEN f."id"
                    WHEN writer."family_id" IS DISTINCT FROM f."id" THEN writer."family_id"
               END AS family_id
          FROM "comments" AS said
          JOIN "users" AS writer ON writer."id" = said."user_id"
          LEFT JOIN "memories" AS m ON m."id" = said."memory_id"
          LEFT JOIN "responses" AS r ON r."id" = said."response_id"
          LEFT JOIN "submissions" AS s ON s."id" = r."submission_id"
          LEFT JOIN "families" AS f ON f."id" = COALESCE(m."family_id", s."family_id")) AS placed
 WHERE placed."id" = t."id";

UPDATE "reactions" AS t
   SET "family_id" = placed.family_id
  FROM (SELECT said."id",
               CASE WHEN f."id" IS NULL THEN NULL
                    WHEN said."created_at" >= f."created_at" THEN f."id"
                    WHEN writer."family_id" IS DISTINCT FROM f."id" THEN writer."family_id"
               END AS family_id
          FROM "reactions" AS said
          JOIN "users" AS writer ON writer."id" = said."user_id"
          LEFT JOIN "memories" AS m ON m."id" = said."memory_id"
          LEFT JOIN "responses" AS r ON r."id" = said."response_id"
          LEFT JOIN "submissions" AS s ON s."id" = r."submission_id"
          LEFT JOIN "families" AS f ON f."id" = COALESCE(m."family_id", s."family_id")) AS placed
 WHERE placed."id" = t."id";

UPDATE "follow_up_questions" AS t
   SET "family_id" = placed.family_id
  FROM (SELECT said."id",
               CASE WHEN f."id" IS NULL THEN NULL
                    WHEN said."created_at" >= f."created_at" THEN f."id"
                    WHEN writer."family_id" IS DISTINCT FROM f."id" THEN writer."family_id"
               END AS family_id
          FROM "follow_up_questions" AS said
          JOIN "users" AS writer ON writer."id" = said."asker_id"
          LEFT JOIN "memories" AS m ON m."id" = said."memory_id"
          LEFT JOIN "responses" AS r ON r."id" = said."response_id"
          LEFT JOIN "submissions" AS s ON s."id" = r."submission_id"
          LEFT JOIN "families" AS f ON f."id" = COALESCE(m."family_id", s."family_id")) AS placed
 WHERE placed."id" = t."id";
