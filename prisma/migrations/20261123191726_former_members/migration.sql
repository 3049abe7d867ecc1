-- AlterTable
ALTER TABLE "memories" ADD COLUMN     "author_name" TEXT,
ALTER COLUMN "user_id" DROP NOT NULL;

-- AlterTable
ALTER TABLE "memory_tags" ADD COLUMN     "tagged_name" TEXT,
ALTER COLUMN "tagged_user_id" DROP NOT NULL;

-- AlterTable
ALTER TABLE "submissions" ADD COLUMN     "author_name" TEXT,
ALTER COLUMN "user_id" DROP NOT NULL;

-- Search finds a departed author's kept name and a plain-text tag's name
-- (docs/decisions/024-leaving-and-the-circle.md); a memory or an answer kept as "a former member"
-- is found by neither.
CREATE OR REPLACE FUNCTION memory_search_vector(memory_title text, memory_content text, author_id uuid, memory_id uuid)
RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector('family_book_search', memory_title), 'A')
      || setweight(to_tsvector('family_book_search',
           coalesce((SELECT first_name || ' ' || last_name FROM users WHERE id = author_id),
                    (SELECT author_name FROM memories WHERE id = memory_search_vector.memory_id), '') || ' ' ||
           coalesce((SELECT string_agg(coalesce(u.first_name || ' ' || u.last_name, t.tagged_name, ''), ' ')
                       FROM memory_tags t LEFT JOIN users u ON u.id = t.tagged_user_id
                      WHERE t.memory_id = memory_search_vector.memory_id), '')), 'B')
      || setweight(to_tsvector('family_book_search', memory_content), 'C')
$$;

CREATE OR REPLACE FUNCTION response_search_vector(answer text, of_question uuid, of_submission uuid)
RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector('family_book_search', coalesce((SELECT question_text FROM questions WHERE id = of_question), '')), 'A')
      || setweight(to_tsvector('family_book_search',
           coalesce((SELECT coalesce(u.first_name || ' ' || u.last_name, s.author_name) FROM submissions s LEFT JOIN users u ON u.id = s.user_id
                      WHERE s.id = of_submission), '')), 'B')
      || setweight(to_tsvector('family_book_search', answer), 'C')
$$;

-- Written before the row is: the name it keeps is the new row's.
CREATE OR REPLACE FUNCTION memories_search_vector_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := setweight(to_tsvector('family_book_search', NEW.title), 'A')
      || setweight(to_tsvector('family_book_search',
           coalesce((SELECT first_name || ' ' || last_name FROM users WHERE id = NEW.user_id), NEW.author_name, '') || ' ' ||
           coalesce((SELECT string_agg(coalesce(u.first_name || ' ' || u.last_name, t.tagged_name, ''), ' ')
                       FROM memory_tags t LEFT JOIN users u ON u.id = t.tagged_user_id
                      WHERE t.memory_id = NEW.id), '')), 'B')
      || setweight(to_tsvector('family_book_search', NEW.content), 'C');
  RETURN NEW;
END $$;

DROP TRIGGER memories_search_vector ON memories;
CREATE TRIGGER memories_search_vector BEFORE INSERT OR UPDATE OF title, content, user_id, author_name ON memories
  FOR EACH ROW EXECUTE FUNCTION memories_search_vector_trigger();
