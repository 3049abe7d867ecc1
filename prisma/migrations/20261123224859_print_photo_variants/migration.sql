-- AlterTable
ALTER TABLE "memory_photos" ADD COLUMN     "print_key" TEXT;

-- CreateIndex
CREATE INDEX "memory_photos_without_print" ON "memory_photos"("id") WHERE ("print_key" IS NULL);
