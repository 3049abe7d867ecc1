-- DropForeignKey
ALTER TABLE "follow_up_questions" DROP CONSTRAINT "follow_up_questions_asker_id_fkey";

-- DropForeignKey
ALTER TABLE "follow_up_questions" DROP CONSTRAINT "follow_up_questions_author_id_fkey";

-- AlterTable
ALTER TABLE "follow_up_questions" ALTER COLUMN "asker_id" DROP NOT NULL,
ALTER COLUMN "author_id" DROP NOT NULL;

-- AddForeignKey
ALTER TABLE "follow_up_questions" ADD CONSTRAINT "follow_up_questions_asker_id_fkey" FOREIGN KEY ("asker_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "follow_up_questions" ADD CONSTRAINT "follow_up_questions_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
