-- Search (docs/decisions/020-search.md): one text search configuration, "simple" (families write
-- in many languages, so no stemming and no stop words) with accents removed, so that "Jurgen"
-- finds "Jürgen". unaccent is a trusted extension: the database's owner may create it.
CREATE EXTENSION IF NOT EXISTS unaccent;

CREATE TEXT SEARCH CONFIGURATION family_book_search (COPY = simple);
ALTER TEXT SEARCH CONFIGURATION family_book_search
  ALTER MAPPING FOR word, hword, hword_part WITH unaccent, simple;

-- AlterTable
ALTER TABLE "memories" ADD COLUMN     "search_vector" tsvector;

-- AlterTable
ALTER TABLE "responses" ADD COLUMN     "search_vector" tsvector;

-- CreateIndex
CREATE INDEX "memories_search_vector_idx" ON "memories" USING GIN ("search_vector");

-- CreateIndex
CREATE INDEX "responses_search_vector_idx" ON "responses" USING GIN ("search_vector");

-- What a memory is found by: its title (weight A), its author's and tagged people's names (B)
-- and its story (C).
CREATE FUNCTION memory_search_vector(memory_title text, memory_content text, author_id uuid, memory_id uuid)
RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector('family_book_search', memory_title), 'A')
      || setweight(to_tsvector('family_book_search',
           coalesce((SELECT first_name || ' ' || last_name FROM users WHERE id = author_id), '') || ' ' ||
           coalesce((SELECT string_agg(u.first_name || ' ' || u.last_name, ' ')
                       FROM memory_tags t JOIN users u ON u.id = t.tagged_user_id
                      WHERE t.memory_id = memory_search_vector.memory_id), '')), 'B')
      || setweight(to_tsvector('family_book_search', memory_content), 'C')
$$;

-- What an answer is found by: its question (A), its author's name (B) and the answer itself (C).
CREATE FUNCTION response_search_vector(answer text, of_question uuid, of_submission uuid)
RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector('family_book_search', coalesce((SELECT question_text FROM questions WHERE id = of_question), '')), 'A')
      || setweight(to_tsvector('family_book_search',
           coalesce((SELECT u.first_name || ' ' || u.last_name FROM submissions s JOIN users u ON u.id = s.user_id
                      WHERE s.id = of_submission), '')), 'B')
      || setweight(to_tsvector('family_book_search', answer), 'C')
$$;

CREATE FUNCTION memories_search_vector_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := memory_search_vector(NEW.title, NEW.content, NEW.user_id, NEW.id);
  RETURN NEW;
END $$;
CREATE TRIGGER memories_search_vector BEFORE INSERT OR UPDATE OF title, content, user_id ON memories
  FOR EACH ROW EXECUTE FUNCTION memories_search_vector_trigger();

CREATE FUNCTION responses_search_vector_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := response_search_vector(NEW.answer_text, NEW.question_id, NEW.submission_id);
  RETURN NEW;
END $$;
CREATE TRIGGER responses_search_vector BEFORE INSERT OR UPDATE OF answer_text, question_id, submission_id ON responses
  FOR EACH ROW EXECUTE FUNCTION responses_search_vector_trigger();

-- A tag added or removed changes the names its memory is found by.
CREATE FUNCTION memory_tags_search_vector_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.memory_id ELSE NEW.memory_id END;
BEGIN
  UPDATE memories SET search_vector = memory_search_vector(title, content, user_id, id) WHERE id = changed;
  RETURN NULL;
END $$;
CREATE TRIGGER memory_tags_search_vector AFTER INSERT OR DELETE OR UPDATE ON memory_tags
  FOR EACH ROW EXECUTE FUNCTION memory_tags_search_vector_trigger();

-- A new name is found at once: in what the person wrote, answered and was tagged in.
CREATE FUNCTION users_search_vector_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE memories SET search_vector = memory_search_vector(title, content, user_id, id)
   WHERE user_id = NEW.id OR id IN (SELECT memory_id FROM memory_tags WHERE tagged_user_id = NEW.id);
  UPDATE responses r SET search_vector = response_search_vector(r.answer_text, r.question_id, r.submission_id)
    FROM submissions s WHERE s.id = r.submission_id AND s.user_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER users_search_vector AFTER UPDATE OF first_name, last_name ON users
  FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
  EXECUTE FUNCTION users_search_vector_trigger();

-- A question's new wording is found in its answers.
CREATE FUNCTION questions_search_vector_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE responses SET search_vector = response_search_vector(answer_text, question_id, submission_id) WHERE question_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER questions_search_vector AFTER UPDATE OF question_text ON questions
  FOR EACH ROW WHEN (OLD.question_text IS DISTINCT FROM NEW.question_text)
  EXECUTE FUNCTION questions_search_vector_trigger();

-- What was written before search.
UPDATE memories SET search_vector = memory_search_vector(title, content, user_id, id);
UPDATE responses SET search_vector = response_search_vector(answer_text, question_id, submission_id);
