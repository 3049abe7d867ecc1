-- A memory may be told out loud (docs/decisions/041-voice-recordings.md).

-- CreateTable
CREATE TABLE "memory_recordings" (
    "id" UUID NOT NULL,
    "memory_id" UUID NOT NULL,
    "original_key" TEXT NOT NULL,
    "file_name" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "container" TEXT NOT NULL,
    "codec" TEXT NOT NULL,
    "duration_ms" INTEGER NOT NULL,
    "byte_size" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "memory_recordings_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "memory_recordings_memory_id_key" ON "memory_recordings"("memory_id");

-- AddForeignKey
ALTER TABLE "memory_recordings" ADD CONSTRAINT "memory_recordings_memory_id_fkey" FOREIGN KEY ("memory_id") REFERENCES "memories"("id") ON DELETE CASCADE ON UPDATE CASCADE;
