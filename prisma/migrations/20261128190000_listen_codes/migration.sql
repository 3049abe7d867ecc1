-- A printed book's code for a story told out loud (docs/decisions/043-listen-codes.md): a random
-- token per recording, given when a book first prints the recording and kept until its author or
-- an admin stops it. Whoever holds the token hears that one recording, nothing else.

ALTER TABLE "memory_recordings" ADD COLUMN "listen_token" TEXT;
CREATE UNIQUE INDEX "memory_recordings_listen_token_key" ON "memory_recordings"("listen_token");
