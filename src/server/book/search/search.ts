import "server-only";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { familyBookItemPath } from "@/lib/family-book/item-path";
import type { SearchQuery } from "@/lib/schemas/search";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { conversationFamilySql, conversationItemOpenSql } from "@/server/conversations/conversation-item";
import { authorNameSql } from "@/server/family/members/former-member";
import { visibleToSql } from "@/server/memories/memory-visibility";
import { now } from "@/server/platform/clock";
import { queryRows } from "@/server/platform/db/client";
import { afterCursorSql, pageOf } from "@/server/platform/db/keyset";
import { getStorage } from "@/server/platform/storage";
import type { ObjectStorage } from "@/server/platform/storage/object-storage";
import { downloadUrlSigning } from "@/server/platform/storage/stored-objects";
import { ownOrVisibleAnswersSql } from "@/server/questions/questionnaires/answer-visibility";
import type { SearchResultDto, TextPieces } from "./search-result-dto";
import { suggestSearch } from "./suggest-search";

// Search across memories (title, story and the words of its recording, author's and tagged
// people's names), answers (answer, question, author's name), and the family's conversations under
// them — comments, and "Tell us more" questions with their answers — ranked, one page at a time
// (docs/decisions/020-search.md, 042-transcripts.md).
// What may be found is what the viewer may open, by the readers' own rules: memory-visibility.ts,
// answer-visibility.ts and, for conversations, conversation-item.ts. Nothing is counted: a private
// memory of a relative leaves no trace, not even as a number. When nothing is found, the nearest
// words the viewer may read are offered instead ("Did you mean Málaga?").

/** Marks around a highlighted match in ts_headline's output: private-use characters, removed from every text first. */
const MARK_START = "\uE000";
const MARK_END = "\uE001";
const headlineOptions = (fragments: boolean) =>
  [
    `StartSel="${MARK_START}"`,
    `StopSel="${MARK_END}"`,
    fragments ? 'MaxWords=30, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "' : "HighlightAll=true",
  ].join(", ");

/** A text without the marks, so that nobody's words can fake a highlight. */
const unmarked = (column: string) => Prisma.raw(`translate(${column}, '${MARK_START}${MARK_END}', '')`);

/** A memory's words: its story, then what was said in its recording (docs/decisions/042-transcripts.md). */
const MEMORY_WORDS = "m.content || ' ' || coalesce((SELECT rec.transcript FROM recordings rec WHERE rec.memory_id = m.id), '')";
/** An answer's words: what was written, then what was said in its recording. */
const ANSWER_WORDS = "r.answer_text || ' ' || coalesce((SELECT rec.transcript FROM recordings rec WHERE rec.response_id = r.id), '')";
/** A "Tell us more" question's words: the question, the written answer, then what was said in the answer's recording. */
const FOLLOW_UP_WORDS = "f.question || ' — ' || f.answer || ' ' || coalesce((SELECT rec.transcript FROM recordings rec WHERE rec.follow_up_id = f.id), '')";

const person = z.strictObject({ id: z.guid().nullable(), first_name: z.string(), last_name: z.string() });
const resultRowSchema = z.strictObject({
  kind: z.enum(["memory", "answer", "comment", "follow_up"]),
  id: z.guid(),
  item_type: z.enum(["memory", "answer"]),
  item_id: z.guid(),
  item_author_id: z.guid().nullable(),
  thumbnail_key: z.string().nullable(),
  title: z.string(),
  snippet: z.string(),
  author: person,
  tagged: z.array(person),
  date: z.iso.date(),
  is_shared: z.boolean(),
  questionnaire: z.strictObject({ id: z.guid(), title: z.string() }).nullable(),
});
type ResultRow = z.output<typeof resultRowSchema>;

export async function search({ viewer, query }: { viewer: UserDto; query: SearchQuery }) {
  const rows = await queryRows(searchStatement({ viewer, query }), resultRowSchema);
  const storage = getStorage();
  const signing = downloadUrlSigning(now());
  const page = pageOf(rows, query.limit);
  const results = await Promise.all(page.items.map((row) => toResult(row, viewer, storage, signing)));
  // Nothing at all for these words: the nearest words the viewer may read, in their place.
  const didYouMean = results.length === 0 && !query.cursor ? await suggestSearch({ viewer, q: query.q }) : null;
  return { results, next_cursor: page.next_cursor, did_you_mean: didYouMean };
}

/** The one statement of a search: a page of results, plus one to tell whether more follow. */
export function searchStatement({ viewer, query }: { viewer: Pick<UserDto, "id" | "family_id">; query: SearchQuery }) {
  const { q, kind, member, year, limit, cursor } = query;
  const memberOnly = (column: string) => (member ? Prisma.sql`AND ${Prisma.raw(column)} = ${member}::uuid` : Prisma.empty);
  const memoryYear = year ? Prisma.sql`AND m.memory_date >= make_date(${year}::int, 1, 1) AND m.memory_date < make_date(${year}::int + 1, 1, 1)` : Prisma.empty;
  const givenIn = (column: string) =>
    year
      ? Prisma.sql`AND ${Prisma.raw(column)} >= make_timestamptz(${year}::int, 1, 1, 0, 0, 0, 'UTC') AND ${Prisma.raw(column)} < make_timestamptz(${year}::int + 1, 1, 1, 0, 0, 0, 'UTC')`
      : Prisma.empty;
  const answerYear = givenIn("s.created_at");
  const conversationYear = (alias: string, column = "created_at") => givenIn(`${alias}.${column}`);

  // The query is written out where it is used, not in a CTE, so the planner sees it and estimates how many rows match.
  const tsquery = Prisma.sql`websearch_to_tsquery('family_book_search', ${q})`;
  const memoryHits = Prisma.sql`
    SELECT 'memory' AS kind, m.id, ts_rank(m.search_vector, ${tsquery}) AS rank, m.memory_date AS sort_date
      FROM memories m
     WHERE m.search_vector @@ ${tsquery} AND ${visibleToSql(viewer)} ${memberOnly("m.user_id")} ${memoryYear}`;
  const answerHits = Prisma.sql`
    SELECT 'answer' AS kind, r.id, ts_rank(r.search_vector, ${tsquery}) AS rank, (s.created_at AT TIME ZONE 'UTC')::date AS sort_date
      FROM responses r JOIN submissions s ON s.id = r.submission_id LEFT JOIN users author ON author.id = s.user_id
     WHERE r.search_vector @@ ${tsquery} AND ${ownOrVisibleAnswersSql(viewer)} ${memberOnly("s.user_id")} ${answerYear}`;
  // The family's conversations are searched where their items may be opened, and only the family's own (conversation-item.ts).
  const itemOpen = conversationItemOpenSql(viewer);
  const commentText = Prisma.sql`to_tsvector('family_book_search', c.body)`;
  const commentHits = Prisma.sql`
    SELECT 'comment' AS kind, c.id, ts_rank(${commentText}, ${tsquery}) * 0.8 AS rank, (c.created_at AT TIME ZONE 'UTC')::date AS sort_date
      FROM comments c
      LEFT JOIN memories m ON m.id = c.memory_id
      LEFT JOIN responses r ON r.id = c.response_id LEFT JOIN submissions s ON s.id = r.submission_id LEFT JOIN users author ON author.id = s.user_id
     WHERE ${commentText} @@ ${tsquery} AND ${conversationFamilySql("c", viewer)} AND ${itemOpen} ${memberOnly("c.user_id")} ${conversationYear("c")}`;
  const followUpText = Prisma.sql`to_tsvector('family_book_search', ${Prisma.raw(FOLLOW_UP_WORDS)})`;
  const followUpHits = Prisma.sql`
    SELECT 'follow_up' AS kind, f.id, ts_rank(${followUpText}, ${tsquery}) * 0.8 AS rank, (f.answered_at AT TIME ZONE 'UTC')::date AS sort_date
      FROM follow_up_questions f
      LEFT JOIN memories m ON m.id = f.memory_id
      LEFT JOIN responses r ON r.id = f.response_id LEFT JOIN submissions s ON s.id = r.submission_id LEFT JOIN users author ON author.id = s.user_id
     WHERE f.answered_at IS NOT NULL AND ${followUpText} @@ ${tsquery} AND ${conversationFamilySql("f", viewer)} AND ${itemOpen}
           ${memberOnly("f.author_id")} ${conversationYear("f", "answered_at")}`;
  const hits =
    kind === "memories"
      ? memoryHits
      : kind === "answers"
        ? answerHits
        : Prisma.sql`${memoryHits} UNION ALL ${answerHits} UNION ALL ${commentHits} UNION ALL ${followUpHits}`;

  // Best match first, then newest, then id: a total order, so a cursor (the last result's id) is
  // one row comparison, by the one paging rule (platform/db/keyset.ts).
  const after = afterCursorSql({ cursor, key: ["hits.rank", "hits.sort_date", "hits.id"], from: Prisma.sql`hits`, where: Prisma.sql`TRUE` });
  const afterCursor = after ? Prisma.sql`WHERE ${after}` : Prisma.empty;

  // A comment's or a question's writer, or the item's author: the name, else the kept one, else "A former member".
  const writerName = authorNameSql("writer");
  const itemAuthorName = authorNameSql("author", "m.author_name", "s.author_name");
  return Prisma.sql`
    WITH hits AS (${hits}),
    page AS (SELECT * FROM hits ${afterCursor} ORDER BY rank DESC, sort_date DESC, id DESC LIMIT ${limit + 1})
    SELECT page.kind, page.id,
           CASE WHEN m.id IS NOT NULL THEN 'memory' ELSE 'answer' END AS item_type,
           COALESCE(m.id, r.id) AS item_id,
           COALESCE(m.user_id, s.user_id) AS item_author_id,
           (SELECT p.thumbnail_key FROM memory_photos p WHERE p.memory_id = m.id ORDER BY p.order_number LIMIT 1) AS thumbnail_key,
           CASE WHEN m.id IS NOT NULL THEN ts_headline('family_book_search', ${unmarked("m.title")}, query.q, ${headlineOptions(false)})
                ELSE ts_headline('family_book_search', ${unmarked("question.question_text")}, query.q, ${headlineOptions(false)}) END AS title,
           CASE page.kind WHEN 'memory' THEN ts_headline('family_book_search', ${unmarked(MEMORY_WORDS)}, query.q, ${headlineOptions(true)})
                          WHEN 'answer' THEN ts_headline('family_book_search', ${unmarked(ANSWER_WORDS)}, query.q, ${headlineOptions(true)})
                          WHEN 'comment' THEN ts_headline('family_book_search', ${unmarked("c.body")}, query.q, ${headlineOptions(true)})
                          ELSE ts_headline('family_book_search', ${unmarked(FOLLOW_UP_WORDS)}, query.q, ${headlineOptions(true)}) END AS snippet,
           CASE WHEN page.kind IN ('comment', 'follow_up')
                THEN json_build_object('id', writer.id, 'first_name', ${writerName.first_name}, 'last_name', ${writerName.last_name})
                ELSE json_build_object('id', author.id, 'first_name', ${itemAuthorName.first_name}, 'last_name', ${itemAuthorName.last_name}) END AS author,
           CASE WHEN page.kind = 'memory' THEN COALESCE((SELECT json_agg(json_build_object('id', tagged.id, 'first_name', COALESCE(tagged.first_name, t.tagged_name, ''), 'last_name', COALESCE(tagged.last_name, ''))
                                     ORDER BY t.created_at, t.id)
                       FROM memory_tags t LEFT JOIN users tagged ON tagged.id = t.tagged_user_id WHERE t.memory_id = m.id), '[]') ELSE '[]' END AS tagged,
           to_char(page.sort_date, 'YYYY-MM-DD') AS date,
           CASE WHEN m.id IS NOT NULL THEN m.is_shared ELSE (r.is_shared OR s.is_shared) END AS is_shared,
           CASE WHEN r.id IS NOT NULL THEN json_build_object('id', questionnaire.id, 'title', questionnaire.title) END AS questionnaire
      FROM page CROSS JOIN (SELECT ${tsquery} AS q) query
      LEFT JOIN comments c ON page.kind = 'comment' AND c.id = page.id
      LEFT JOIN follow_up_questions f ON page.kind = 'follow_up' AND f.id = page.id
      LEFT JOIN memories m ON m.id = CASE page.kind WHEN 'memory' THEN page.id WHEN 'comment' THEN c.memory_id WHEN 'follow_up' THEN f.memory_id END
      LEFT JOIN responses r ON r.id = CASE page.kind WHEN 'answer' THEN page.id WHEN 'comment' THEN c.response_id WHEN 'follow_up' THEN f.response_id END
      LEFT JOIN submissions s ON s.id = r.submission_id
      LEFT JOIN questions question ON question.id = r.question_id
      LEFT JOIN questionnaires questionnaire ON questionnaire.id = question.questionnaire_id
      LEFT JOIN users author ON author.id = COALESCE(m.user_id, s.user_id)
      LEFT JOIN users writer ON writer.id = CASE page.kind WHEN 'comment' THEN c.user_id WHEN 'follow_up' THEN f.author_id END
     ORDER BY page.rank DESC, page.sort_date DESC, page.id DESC`;
}

async function toResult(
  row: ResultRow,
  viewer: Pick<UserDto, "id">,
  storage: ObjectStorage,
  signing: ReturnType<typeof downloadUrlSigning>,
): Promise<SearchResultDto> {
  const item = { type: row.item_type, id: row.item_id };
  const own = row.item_author_id === viewer.id;
  // A comment or a question opens its story on it; the viewer's own memories and answers open where they are kept.
  const href =
    row.kind === "comment"
      ? familyBookItemPath(item, row.item_author_id, { comment: row.id })
      : row.kind === "follow_up"
        ? familyBookItemPath(item, row.item_author_id, { question: row.id })
        : row.kind === "memory"
          ? own
            ? `/memories/edit/${row.id}`
            : row.item_author_id
              ? `/family-book?member=${row.item_author_id}`
              : "/family-book"
          : own
            ? "/completed-questionnaires"
            : row.item_author_id
              ? `/family-book?tab=responses&member=${row.item_author_id}`
              : "/family-book?tab=responses";
  return {
    kind: row.kind,
    id: row.id,
    item,
    author: row.author,
    tagged: row.tagged,
    date: row.date,
    is_shared: row.is_shared,
    questionnaire: row.questionnaire,
    title: toPieces(row.title),
    snippet: toPieces(row.snippet),
    href,
    thumbnail_url: row.thumbnail_key ? await storage.signedDownloadUrl(row.thumbnail_key, signing) : null,
  };
}

/** ts_headline's text, split at its marks into plain and highlighted pieces. */
export function toPieces(marked: string): TextPieces {
  const pieces: TextPieces = [];
  for (const [index, part] of marked.split(new RegExp(`[${MARK_START}${MARK_END}]`)).entries()) {
    if (part) pieces.push({ text: part, highlighted: index % 2 === 1 });
  }
  return pieces;
}
