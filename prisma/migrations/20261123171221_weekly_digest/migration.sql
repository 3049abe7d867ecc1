-- CreateTable
CREATE TABLE "weekly_digests" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "week_of" TIMESTAMPTZ(3) NOT NULL,
    "origin" TEXT NOT NULL,
    "status" TEXT,
    "since" TIMESTAMPTZ(3),
    "memory_count" INTEGER,
    "answer_count" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "weekly_digests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "weekly_digests_week_of_idx" ON "weekly_digests"("week_of");

-- CreateIndex
CREATE UNIQUE INDEX "weekly_digests_user_id_week_of_key" ON "weekly_digests"("user_id", "week_of");

-- AddForeignKey
ALTER TABLE "weekly_digests" ADD CONSTRAINT "weekly_digests_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
