-- The author's answer to a family's "Tell us more" question may be told out loud too
-- (docs/decisions/041-voice-recordings.md): a recording belongs to exactly one memory, one answer,
-- or one answered follow-up question, and goes with it.

ALTER TABLE "recordings"
    DROP CONSTRAINT "recordings_belong_to_one",
    ADD COLUMN "follow_up_id" UUID,
    ADD CONSTRAINT "recordings_belong_to_one" CHECK (num_nonnulls("memory_id", "response_id", "follow_up_id") = 1);

CREATE UNIQUE INDEX "recordings_follow_up_id_key" ON "recordings"("follow_up_id");

ALTER TABLE "recordings" ADD CONSTRAINT "recordings_follow_up_id_fkey" FOREIGN KEY ("follow_up_id") REFERENCES "follow_up_questions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
