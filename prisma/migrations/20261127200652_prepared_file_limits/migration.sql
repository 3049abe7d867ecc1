-- DropIndex
DROP INDEX "book_builds_active_key_key";

-- AlterTable
ALTER TABLE "book_builds" DROP COLUMN "active_key";

-- A member could have several books, or several exports, under way at once: the oldest of each
-- goes on and the others end as failed (their jobs then leave them), so each may be asked again.
UPDATE "book_builds" SET "status" = 'failed', "finished_at" = CURRENT_TIMESTAMP
WHERE "id" IN (
    SELECT "id" FROM (
        SELECT "id", row_number() OVER (PARTITION BY "user_id" ORDER BY "created_at", "id") AS "place"
        FROM "book_builds" WHERE "status" IN ('queued', 'building')
    ) AS "ranked" WHERE "place" > 1
);
UPDATE "data_exports" SET "status" = 'failed', "finished_at" = CURRENT_TIMESTAMP
WHERE "id" IN (
    SELECT "id" FROM (
        SELECT "id", row_number() OVER (PARTITION BY "user_id" ORDER BY "created_at", "id") AS "place"
        FROM "data_exports" WHERE "status" IN ('queued', 'running')
    ) AS "ranked" WHERE "place" > 1
);

-- CreateIndex
CREATE UNIQUE INDEX "book_builds_one_active_per_user" ON "book_builds"("user_id") WHERE (status IN ('queued', 'building'));

-- CreateIndex
CREATE UNIQUE INDEX "data_exports_one_active_per_user" ON "data_exports"("user_id") WHERE (status IN ('queued', 'running'));
