-- Answers carry their own photos (docs/decisions/039-answer-photos.md).

-- CreateTable
CREATE TABLE "response_photos" (
    "id" UUID NOT NULL,
    "response_id" UUID NOT NULL,
    "order_number" INTEGER NOT NULL,
    "original_key" TEXT NOT NULL,
    "display_key" TEXT NOT NULL,
    "thumbnail_key" TEXT NOT NULL,
    "print_key" TEXT,
    "content_type" TEXT NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "byte_size" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "response_photos_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "response_photos_response_id_order_number_key" ON "response_photos"("response_id", "order_number");

-- AddForeignKey
ALTER TABLE "response_photos" ADD CONSTRAINT "response_photos_response_id_fkey" FOREIGN KEY ("response_id") REFERENCES "responses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The photos of a reply by email were kept as a private memory linked to the answer. They move to
-- the answer, and the memory goes, when it is still as it was made: private, its story the answer's
-- words, nobody tagged, nothing said about it. A memory its author changed, shared or that the
-- family talked about stays theirs, with its photos, as an ordinary memory.
CREATE TEMPORARY TABLE "reply_memories_to_fold" ON COMMIT DROP AS
SELECT m."id" AS "memory_id", m."response_id"
FROM "memories" m
JOIN "responses" r ON r."id" = m."response_id"
WHERE m."is_shared" = false
  AND m."content" = r."answer_text"
  AND NOT EXISTS (SELECT 1 FROM "memory_tags" t WHERE t."memory_id" = m."id")
  AND NOT EXISTS (SELECT 1 FROM "comments" c WHERE c."memory_id" = m."id")
  AND NOT EXISTS (SELECT 1 FROM "reactions" x WHERE x."memory_id" = m."id")
  AND NOT EXISTS (SELECT 1 FROM "follow_up_questions" f WHERE f."memory_id" = m."id");

INSERT INTO "response_photos" ("id", "response_id", "order_number", "original_key", "display_key", "thumbnail_key", "print_key", "content_type", "width", "height", "byte_size", "created_at")
SELECT p."id", fold."response_id", p."order_number", p."original_key", p."display_key", p."thumbnail_key", p."print_key", p."content_type", p."width", p."height", p."byte_size", p."created_at"
FROM "memory_photos" p
JOIN "reply_memories_to_fold" fold ON fold."memory_id" = p."memory_id";

DELETE FROM "memories" WHERE "id" IN (SELECT "memory_id" FROM "reply_memories_to_fold");

-- DropForeignKey
ALTER TABLE "memories" DROP CONSTRAINT "memories_response_id_fkey";

-- DropIndex
DROP INDEX "memories_response_id_key";

-- AlterTable
ALTER TABLE "memories" DROP COLUMN "response_id";
