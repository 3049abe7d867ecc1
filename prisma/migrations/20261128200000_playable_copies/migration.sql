-- A playable copy of a recording that some browsers cannot play as it was made (Ogg, Vorbis): AAC
-- in MP4, made with ffmpeg where it is installed, stored beside the original under its key plus
-- ".m4a" (docs/decisions/041-voice-recordings.md). The original is always kept.

ALTER TABLE "memory_recordings" ADD COLUMN "playable_copy" BOOLEAN NOT NULL DEFAULT false;
