import "server-only";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { conversationFamilySql, conversationItemOpenSql } from "@/server/conversations/conversation-item";
import { visibleToSql } from "@/server/memories/memory-visibility";
import { queryRows } from "@/server/platform/db/client";
import { ownOrVisibleAnswersSql } from "@/server/questions/questionnaires/answer-visibility";

// "Did you mean Málaga?" (docs/decisions/020-search.md): when a search finds nothing, each word of it
// is compared, by its three-letter pieces (pg_trgm), with the words the viewer may read — the
// memories and answers they may open, the family's conversations under them, and their relatives'
// names — and replaced by the nearest one.
// Only words the viewer could have found are ever suggested: the same rules as search itself.

/** How alike two words must be (pg_trgm's similarity, from 0 to 1) for one to be offered for the other. */
const SIMILAR_ENOUGH = 0.3;
/** The most words of a search that are looked at. */
const MOST_WORDS = 5;

const suggestionRowSchema = z.strictObject({ position: z.number().int(), word: z.string().nullable() });

/** The words a person typed, without search's own syntax (quotes, `or`, a leading `-`). */
export function searchWords(q: string) {
  return q
    .split(/\s+/)
    .filter((token) => !token.startsWith("-") && token.toLowerCase() !== "or")
    .map((token) => token.replace(/[^\p{L}\p{N}'’-]/gu, ""))
    .filter((word) => [...word].length >= 3)
    .slice(0, MOST_WORDS);
}

const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** The search with each word replaced by its nearest readable word, or null when there is none, or nothing would change. */
export async function suggestSearch({ viewer, q }: { viewer: Pick<UserDto, "id" | "family_id">; q: string }): Promise<string | null> {
  const words = searchWords(q);
  if (words.length === 0) return null;
  const answers = ownOrVisibleAnswersSql(viewer);
  const itemOpen = conversationItemOpenSql(viewer);
  const rows = await queryRows(
    Prisma.sql`
      WITH texts AS (
        SELECT m.title || ' ' || m.content AS text FROM memories m WHERE ${visibleToSql(viewer)}
        UNION ALL
        SELECT question.question_text || ' ' || r.answer_text
          FROM responses r JOIN submissions s ON s.id = r.submission_id LEFT JOIN users author ON author.id = s.user_id
          JOIN questions question ON question.id = r.question_id
         WHERE ${answers}
        UNION ALL
        SELECT c.body FROM comments c
          LEFT JOIN memories m ON m.id = c.memory_id
          LEFT JOIN responses r ON r.id = c.response_id LEFT JOIN submissions s ON s.id = r.submission_id LEFT JOIN users author ON author.id = s.user_id
         WHERE ${conversationFamilySql("c", viewer)} AND ${itemOpen}
        UNION ALL
        SELECT f.question || ' ' || f.answer FROM follow_up_questions f
          LEFT JOIN memories m ON m.id = f.memory_id
          LEFT JOIN responses r ON r.id = f.response_id LEFT JOIN submissions s ON s.id = r.submission_id LEFT JOIN users author ON author.id = s.user_id
         WHERE f.answered_at IS NOT NULL AND ${conversationFamilySql("f", viewer)} AND ${itemOpen}
        UNION ALL
        SELECT u.first_name || ' ' || u.last_name FROM users u
         WHERE u.id = ${viewer.id}::uuid ${viewer.family_id ? Prisma.sql`OR u.family_id = ${viewer.family_id}::uuid` : Prisma.empty}
      ),
      vocabulary AS (
        SELECT DISTINCT word, lower(unaccent(word)) AS folded
          FROM texts, regexp_split_to_table(texts.text, '[^[:alnum:]]+') AS word
         WHERE length(word) >= 3
      ),
      wanted AS (SELECT position::int, lower(unaccent(typed)) AS folded FROM unnest(${words}::text[]) WITH ORDINALITY AS typed_words(typed, position))
      SELECT wanted.position, nearest.word
        FROM wanted
        LEFT JOIN LATERAL (
          SELECT vocabulary.word FROM vocabulary
           WHERE similarity(vocabulary.folded, wanted.folded) >= ${SIMILAR_ENOUGH}
           ORDER BY similarity(vocabulary.folded, wanted.folded) DESC, length(vocabulary.word), vocabulary.word
           LIMIT 1) nearest ON TRUE
       ORDER BY wanted.position`,
    suggestionRowSchema,
  );
  const replaced = words.map((word, index) => rows[index]?.word ?? word);
  // Suggesting what was typed, or the same words in other letter cases, helps nobody.
  if (replaced.every((word, index) => fold(word) === fold(words[index]!))) return null;
  return replaced.join(" ");
}
