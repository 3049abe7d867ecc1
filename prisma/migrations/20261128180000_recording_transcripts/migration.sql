-- A recording's words, written down by the transcription engine or typed by its author
-- (docs/decisions/042-transcripts.md).

ALTER TABLE "memory_recordings"
    ADD COLUMN "transcript" TEXT,
    ADD COLUMN "transcript_status" TEXT NOT NULL DEFAULT 'none',
    ADD COLUMN "transcript_by" TEXT,
    ADD CONSTRAINT "memory_recordings_transcript_status_check" CHECK ("transcript_status" IN ('none', 'waiting', 'ready', 'failed')),
    ADD CONSTRAINT "memory_recordings_transcript_by_check" CHECK ("transcript_by" IN ('engine', 'author'));

-- A memory is found by the words of its recording as by its story (weight C).
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
           coalesce((SELECT r.transcript FROM memory_recordings r WHERE r.memory_id = memory_search_vector.memory_id), '')), 'C')
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
           coalesce((SELECT r.transcript FROM memory_recordings r WHERE r.memory_id = NEW.id), '')), 'C');
  RETURN NEW;
END $$;

-- A transcript written, corrected or removed (with its recording) changes what its memory is found by.
CREATE FUNCTION memory_recordings_search_vector_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.memory_id ELSE NEW.memory_id END;
BEGIN
  UPDATE memories SET search_vector = memory_search_vector(title, content, user_id, id) WHERE id = changed;
  RETURN NULL;
END $$;
CREATE TRIGGER memory_recordings_search_vector AFTER INSERT OR DELETE OR UPDATE OF transcript ON memory_recordings
  FOR EACH ROW EXECUTE FUNCTION memory_recordings_search_vector_trigger();
