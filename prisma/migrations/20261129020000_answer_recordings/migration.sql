-- An answer may be told out loud as a memory may (docs/decisions/041-voice-recordings.md): the
-- memories' recordings become the recordings of either, each belonging to exactly one memory or
-- one answer. The table is renamed, not rebuilt: every recording, transcript and printed code stays.

ALTER TABLE "memory_recordings" RENAME TO "recordings";
ALTER TABLE "recordings" RENAME CONSTRAINT "memory_recordings_pkey" TO "recordings_pkey";
ALTER TABLE "recordings" RENAME CONSTRAINT "memory_recordings_memory_id_fkey" TO "recordings_memory_id_fkey";
ALTER TABLE "recordings" RENAME CONSTRAINT "memory_recordings_transcript_status_check" TO "recordings_transcript_status_check";
ALTER TABLE "recordings" RENAME CONSTRAINT "memory_recordings_transcript_by_check" TO "recordings_transcript_by_check";
ALTER INDEX "memory_recordings_memory_id_key" RENAME TO "recordings_memory_id_key";
ALTER INDEX "memory_recordings_listen_token_key" RENAME TO "recordings_listen_token_key";

ALTER TABLE "recordings"
    ALTER COLUMN "memory_id" DROP NOT NULL,
    ADD COLUMN "response_id" UUID,
    ADD CONSTRAINT "recordings_belong_to_one" CHECK (num_nonnulls("memory_id", "response_id") = 1);

CREATE UNIQUE INDEX "recordings_response_id_key" ON "recordings"("response_id");

ALTER TABLE "recordings" ADD CONSTRAINT "recordings_response_id_fkey" FOREIGN KEY ("response_id") REFERENCES "responses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Search reads the renamed table, and an answer is found by the words of its recording as by its text (weight C).
CREATE OR REPLACE FUNCTION memory_search_vector(memory_title text, memory_content text, author_id uuid, memory_id uuid)
RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector('family_book_search', memory_title), 'A')
      || setweight(to_tsvector('family_book_search',
           coalesce((SELECT first_name || ' ' || last_name FROM users WHERE id = author_id),
                    (SELECT author_name FROM memories WHERE id = memory_search_vector.memory_id), '') || ' ' ||
           coalesce((SELECT string_agg(coalesce(u.first_name || ' ' || u.last_name, t.tagged_name, ''), ' ')
                       FROM memory_tags t LEFT JOIN users u ON u.id = t.tagged_user_id
                      WHERE t.memory_id = memory_search_vector.memory_id), '')), 'B')
      || setweight(to_tsvector('family_book_search', memory_content || ' ' ||
           coalesce((SELECT r.transcript FROM recordings r WHERE r.memory_id = memory_search_vector.memory_id), '')), 'C')
$$;

CREATE OR REPLACE FUNCTION memories_search_vector_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := setweight(to_tsvector('family_book_search', NEW.title), 'A')
      || setweight(to_tsvector('family_book_search',
           coalesce((SELECT first_name || ' ' || last_name FROM users WHERE id = NEW.user_id), NEW.author_name, '') || ' ' ||
           coalesce((SELECT string_agg(coalesce(u.first_name || ' ' || u.last_name, t.tagged_name, ''), ' ')
                       FROM memory_tags t LEFT JOIN users u ON u.id = t.tagged_user_id
                      WHERE t.memory_id = NEW.id), '')), 'B')
      || setweight(to_tsvector('family_book_search', NEW.content || ' ' ||
           coalesce((SELECT r.transcript FROM recordings r WHERE r.memory_id = NEW.id), '')), 'C');
  RETURN NEW;
END $$;

-- An answer is one (submission, question): its recording is found by those two.
CREATE OR REPLACE FUNCTION response_search_vector(answer text, of_question uuid, of_submission uuid)
RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector('family_book_search', coalesce((SELECT question_text FROM questions WHERE id = of_question), '')), 'A')
      || setweight(to_tsvector('family_book_search',
           coalesce((SELECT coalesce(u.first_name || ' ' || u.last_name, s.author_name) FROM submissions s LEFT JOIN users u ON u.id = s.user_id
                      WHERE s.id = of_submission), '')), 'B')
      || setweight(to_tsvector('family_book_search', answer || ' ' ||
           coalesce((SELECT r.transcript FROM recordings r JOIN responses x ON x.id = r.response_id
                      WHERE x.submission_id = of_submission AND x.question_id = of_question), '')), 'C')
$$;

-- A transcript written, corrected or removed (with its recording) changes what its memory or answer is found by.
DROP TRIGGER "memory_recordings_search_vector" ON "recordings";
DROP FUNCTION memory_recordings_search_vector_trigger();
CREATE FUNCTION recordings_search_vector_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_memory uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.memory_id ELSE NEW.memory_id END;
  changed_response uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.response_id ELSE NEW.response_id END;
BEGIN
  IF changed_memory IS NOT NULL THEN
    UPDATE memories SET search_vector = memory_search_vector(title, content, user_id, id) WHERE id = changed_memory;
  END IF;
  IF changed_response IS NOT NULL THEN
    UPDATE responses SET search_vector = response_search_vector(answer_text, question_id, submission_id) WHERE id = changed_response;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER recordings_search_vector AFTER INSERT OR DELETE OR UPDATE OF transcript ON recordings
  FOR EACH ROW EXECUTE FUNCTION recordings_search_vector_trigger();
