-- CreateTable
CREATE TABLE "book_builds" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "options" JSONB NOT NULL,
    "active_key" TEXT,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "phase" TEXT NOT NULL DEFAULT 'queued',
    "phase_done" INTEGER NOT NULL DEFAULT 0,
    "phase_total" INTEGER,
    "page_count" INTEGER,
    "storage_key" TEXT,
    "byte_size" INTEGER,
    "file_name" TEXT,
    "origin" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "book_builds_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "book_builds_active_key_key" ON "book_builds"("active_key");

-- CreateIndex
CREATE INDEX "book_builds_user_id_created_at_idx" ON "book_builds"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "book_builds_expires_at_idx" ON "book_builds"("expires_at");

-- AddForeignKey
ALTER TABLE "book_builds" ADD CONSTRAINT "book_builds_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
