import "server-only";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import type { SearchQuery } from "@/lib/schemas/search";
import { queryRows } from "@/server/db/client";
import { visibleToSql } from "@/server/memories/memory-visibility";
import { ownOrVisibleAnswersSql } from "@/server/questionnaires/answer-visibility";
import { FORMER_MEMBER } from "@/server/families/former-member";
import type { UserDto } from "@/server/users/user-dto";
import type { SearchResultDto, TextPieces } from "./search-result-dto";

// Search across memories (title, story, author's and tagged people's names) and answers (answer,
// question, author's name), ranked, one page at a time (docs/decisions/020-search.md). What may
// be found is what the viewer may open, by the readers' own rules: memory-visibility.ts and
// answer-visibility.ts. Nothing is counted: a private memory of a relative leaves no trace, not
// even as a number.

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

const person = z.strictObject({ id: z.guid().nullable(), first_name: z.string(), last_name: z.string() });
const resultRowSchema = z.strictObject({
  kind: z.enum(["memory", "answer"]),
  id: z.guid(),
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
  const results = rows.slice(0, query.limit).map((row) => toResult(row, viewer));
  return { results, next_cursor: rows.length > query.limit ? results.at(-1)!.id : null };
}

/** The one statement of a search: a page of results, plus one to tell whether more follow. */
export function searchStatement({ viewer, query }: { viewer: Pick<UserDto, "id" | "family_id">; query: SearchQuery }) {
  const { q, kind, member, year, limit, cursor } = query;
  const memberOnly = (column: string) => (member ? Prisma.sql`AND ${Prisma.raw(column)} = ${member}::uuid` : Prisma.empty);
  const memoryYear = year ? Prisma.sql`AND m.memory_date >= make_date(${year}::int, 1, 1) AND m.memory_date < make_date(${year}::int + 1, 1, 1)` : Prisma.empty;
  const answerYear = year
    ? Prisma.sql`AND s.created_at >= make_timestamptz(${year}::int, 1, 1, 0, 0, 0, 'UTC') AND s.created_at < make_timestamptz(${year}::int + 1, 1, 1, 0, 0, 0, 'UTC')`
    : Prisma.empty;

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
  const hits = kind === "memories" ? memoryHits : kind === "answers" ? answerHits : Prisma.sql`${memoryHits} UNION ALL ${answerHits}`;

  // Best match first, then newest, then id: a total order, so a cursor (the last result's id) is
  // one row comparison. A cursor that is not among the results starts from the top.
  const afterCursor = cursor
    ? Prisma.sql`WHERE (hits.rank, hits.sort_date, hits.id) < (
        SELECT rank, sort_date, id FROM (
          SELECT rank, sort_date, id, 0 AS fallback FROM hits WHERE id = ${cursor}::uuid
          UNION ALL SELECT 'infinity'::real, 'infinity'::date, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid, 1
        ) page_start ORDER BY fallback LIMIT 1)`
    : Prisma.empty;

  return Prisma.sql`
    WITH hits AS (${hits}),
    page AS (SELECT * FROM hits ${afterCursor} ORDER BY rank DESC, sort_date DESC, id DESC LIMIT ${limit + 1})
    SELECT page.kind, page.id,
           CASE page.kind WHEN 'memory' THEN ts_headline('family_book_search', ${unmarked("m.title")}, query.q, ${headlineOptions(false)})
                          ELSE ts_headline('family_book_search', ${unmarked("question.question_text")}, query.q, ${headlineOptions(false)}) END AS title,
           CASE page.kind WHEN 'memory' THEN ts_headline('family_book_search', ${unmarked("m.content")}, query.q, ${headlineOptions(true)})
                          ELSE ts_headline('family_book_search', ${unmarked("r.answer_text")}, query.q, ${headlineOptions(true)}) END AS snippet,
           json_build_object('id', author.id, 'first_name', COALESCE(author.first_name, m.author_name, s.author_name, ${FORMER_MEMBER}),
                             'last_name', COALESCE(author.last_name, '')) AS author,
           COALESCE((SELECT json_agg(json_build_object('id', tagged.id, 'first_name', COALESCE(tagged.first_name, t.tagged_name, ''), 'last_name', COALESCE(tagged.last_name, ''))
                                     ORDER BY t.created_at, t.id)
                       FROM memory_tags t LEFT JOIN users tagged ON tagged.id = t.tagged_user_id WHERE t.memory_id = m.id), '[]') AS tagged,
           to_char(page.sort_date, 'YYYY-MM-DD') AS date,
           CASE page.kind WHEN 'memory' THEN m.is_shared ELSE (r.is_shared OR s.is_shared) END AS is_shared,
           CASE page.kind WHEN 'answer' THEN json_build_object('id', questionnaire.id, 'title', questionnaire.title) END AS questionnaire
      FROM page CROSS JOIN (SELECT ${tsquery} AS q) query
      LEFT JOIN memories m ON page.kind = 'memory' AND m.id = page.id
      LEFT JOIN responses r ON page.kind = 'answer' AND r.id = page.id
      LEFT JOIN submissions s ON s.id = r.submission_id
      LEFT JOIN questions question ON question.id = r.question_id
      LEFT JOIN questionnaires questionnaire ON questionnaire.id = question.questionnaire_id
      LEFT JOIN users author ON author.id = COALESCE(m.user_id, s.user_id)
     ORDER BY page.rank DESC, page.sort_date DESC, page.id DESC`;
}

function toResult(row: ResultRow, viewer: Pick<UserDto, "id">): SearchResultDto {
  const own = row.author.id === viewer.id;
  const href =
    row.kind === "memory"
      ? own
        ? `/memories/edit/${row.id}`
        : row.author.id
          ? `/family-book?member=${row.author.id}`
          : "/family-book"
      : own
        ? "/completed-questionnaires"
        : row.author.id
          ? `/family-book?tab=responses&member=${row.author.id}`
          : "/family-book?tab=responses";
  return { ...row, title: toPieces(row.title), snippet: toPieces(row.snippet), href };
}

/** ts_headline's text, split at its marks into plain and highlighted pieces. */
export function toPieces(marked: string): TextPieces {
  const pieces: TextPieces = [];
  for (const [index, part] of marked.split(new RegExp(`[${MARK_START}${MARK_END}]`)).entries()) {
    if (part) pieces.push({ text: part, highlighted: index % 2 === 1 });
  }
  return pieces;
}
