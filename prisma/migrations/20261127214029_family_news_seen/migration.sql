-- AlterTable
ALTER TABLE "users" ADD COLUMN     "family_news_seen_at" TIMESTAMPTZ(3);
