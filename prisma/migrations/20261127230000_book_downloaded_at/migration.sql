-- AlterTable
ALTER TABLE "book_builds" ADD COLUMN     "downloaded_at" TIMESTAMPTZ(3);
