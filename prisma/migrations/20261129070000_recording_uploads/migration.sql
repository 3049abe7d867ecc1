-- A long recording is sent in parts that resume after a dropped connection
-- (docs/decisions/044-recording-uploads-in-parts.md): the upload says how many bytes will come and
-- how many have arrived; each part arrived is stored as its own object until the recording is kept.

CREATE TABLE "recording_uploads" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "byte_size" INTEGER NOT NULL,
    "received" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "recording_uploads_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "recording_uploads_received_check" CHECK ("received" >= 0 AND "received" <= "byte_size")
);

CREATE TABLE "recording_upload_parts" (
    "upload_id" UUID NOT NULL,
    "offset" INTEGER NOT NULL,
    "byte_size" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    CONSTRAINT "recording_upload_parts_pkey" PRIMARY KEY ("upload_id", "offset")
);

CREATE INDEX "recording_uploads_user_id_idx" ON "recording_uploads"("user_id");
CREATE INDEX "recording_uploads_created_at_idx" ON "recording_uploads"("created_at");

ALTER TABLE "recording_uploads" ADD CONSTRAINT "recording_uploads_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "recording_upload_parts" ADD CONSTRAINT "recording_upload_parts_upload_id_fkey" FOREIGN KEY ("upload_id") REFERENCES "recording_uploads"("id") ON DELETE CASCADE ON UPDATE CASCADE;
