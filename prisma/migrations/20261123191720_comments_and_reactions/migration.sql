-- CreateEnum
CREATE TYPE "ReactionKind" AS ENUM ('love', 'laugh', 'wow', 'thanks', 'applause');

-- CreateTable
CREATE TABLE "comments" (
    "id" UUID NOT NULL,
    "memory_id" UUID,
    "response_id" UUID,
    "user_id" UUID NOT NULL,
    "body" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "comments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "reactions" (
    "id" UUID NOT NULL,
    "memory_id" UUID,
    "response_id" UUID,
    "user_id" UUID NOT NULL,
    "kind" "ReactionKind" NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "reactions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "comments_memory_id_created_at_idx" ON "comments"("memory_id", "created_at");

-- CreateIndex
CREATE INDEX "comments_response_id_created_at_idx" ON "comments"("response_id", "created_at");

-- CreateIndex
CREATE INDEX "comments_user_id_idx" ON "comments"("user_id");

-- CreateIndex
CREATE INDEX "reactions_user_id_idx" ON "reactions"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "reactions_memory_id_user_id_kind_key" ON "reactions"("memory_id", "user_id", "kind");

-- CreateIndex
CREATE UNIQUE INDEX "reactions_response_id_user_id_kind_key" ON "reactions"("response_id", "user_id", "kind");

-- AddForeignKey
ALTER TABLE "comments" ADD CONSTRAINT "comments_memory_id_fkey" FOREIGN KEY ("memory_id") REFERENCES "memories"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "comments" ADD CONSTRAINT "comments_response_id_fkey" FOREIGN KEY ("response_id") REFERENCES "responses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "comments" ADD CONSTRAINT "comments_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reactions" ADD CONSTRAINT "reactions_memory_id_fkey" FOREIGN KEY ("memory_id") REFERENCES "memories"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reactions" ADD CONSTRAINT "reactions_response_id_fkey" FOREIGN KEY ("response_id") REFERENCES "responses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reactions" ADD CONSTRAINT "reactions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Each comment and each reaction belongs to exactly one item: a memory or an answer.
ALTER TABLE "comments" ADD CONSTRAINT "comments_one_item" CHECK (("memory_id" IS NULL) <> ("response_id" IS NULL));
ALTER TABLE "reactions" ADD CONSTRAINT "reactions_one_item" CHECK (("memory_id" IS NULL) <> ("response_id" IS NULL));
-- Bodies are limited to 2,000 characters by the API; the database holds the same line.
ALTER TABLE "comments" ADD CONSTRAINT "comments_body_length" CHECK (char_length("body") BETWEEN 1 AND 2000);
