-- DropIndex
DROP INDEX "memories_family_id_is_shared_memory_date_id_idx";

-- DropIndex
DROP INDEX "memories_user_id_memory_date_id_idx";

-- DropIndex
DROP INDEX "submissions_family_id_is_shared_created_at_idx";

-- CreateIndex
CREATE INDEX "memories_user_id_memory_date_created_at_id_idx" ON "memories"("user_id", "memory_date" DESC, "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "memories_family_id_is_shared_memory_date_created_at_id_idx" ON "memories"("family_id", "is_shared", "memory_date" DESC, "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "submissions_family_id_created_at_id_idx" ON "submissions"("family_id", "created_at" DESC, "id" DESC);
