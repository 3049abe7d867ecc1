-- CreateTable
CREATE TABLE "follow_up_questions" (
    "id" UUID NOT NULL,
    "memory_id" UUID,
    "response_id" UUID,
    "asker_id" UUID NOT NULL,
    "author_id" UUID NOT NULL,
    "question" TEXT NOT NULL,
    "answer" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "answered_at" TIMESTAMPTZ(3),

    CONSTRAINT "follow_up_questions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "follow_up_questions_author_id_answered_at_created_at_idx" ON "follow_up_questions"("author_id", "answered_at", "created_at");

-- CreateIndex
CREATE INDEX "follow_up_questions_memory_id_created_at_idx" ON "follow_up_questions"("memory_id", "created_at");

-- CreateIndex
CREATE INDEX "follow_up_questions_response_id_created_at_idx" ON "follow_up_questions"("response_id", "created_at");

-- CreateIndex
CREATE INDEX "follow_up_questions_asker_id_idx" ON "follow_up_questions"("asker_id");

-- AddForeignKey
ALTER TABLE "follow_up_questions" ADD CONSTRAINT "follow_up_questions_memory_id_fkey" FOREIGN KEY ("memory_id") REFERENCES "memories"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "follow_up_questions" ADD CONSTRAINT "follow_up_questions_response_id_fkey" FOREIGN KEY ("response_id") REFERENCES "responses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "follow_up_questions" ADD CONSTRAINT "follow_up_questions_asker_id_fkey" FOREIGN KEY ("asker_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "follow_up_questions" ADD CONSTRAINT "follow_up_questions_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A follow-up is on exactly one item, and its texts stay within the product's limits.
ALTER TABLE "follow_up_questions" ADD CONSTRAINT "follow_up_questions_one_item" CHECK (("memory_id" IS NULL) <> ("response_id" IS NULL));
ALTER TABLE "follow_up_questions" ADD CONSTRAINT "follow_up_questions_question_length" CHECK (char_length("question") BETWEEN 3 AND 500);
ALTER TABLE "follow_up_questions" ADD CONSTRAINT "follow_up_questions_answer_length" CHECK ("answer" IS NULL OR char_length("answer") BETWEEN 1 AND 5000);
