-- Photos saved by edits that raced each other before this rule held can share an order number:
-- number each memory's photos 0, 1, 2… again, in the order they were shown, first.
UPDATE "memory_photos" AS photo
   SET "order_number" = renumbered.position
  FROM (SELECT "id", (row_number() OVER (PARTITION BY "memory_id" ORDER BY "order_number", "created_at", "id") - 1)::int AS position
          FROM "memory_photos") AS renumbered
 WHERE photo."id" = renumbered."id" AND photo."order_number" <> renumbered.position;

-- DropIndex
DROP INDEX "memory_photos_memory_id_order_number_idx";

-- CreateIndex
CREATE UNIQUE INDEX "memory_photos_memory_id_order_number_key" ON "memory_photos"("memory_id", "order_number");
