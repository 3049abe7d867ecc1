import "server-only";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { REACTION_KINDS } from "@/lib/schemas/conversations";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { authorNameSql } from "@/server/family/members/former-member";
import { conversationOpenToSql } from "@/server/memories/memory-visibility";
import { queryRows } from "@/server/platform/db/client";
import { answerConversationOpenToSql } from "@/server/questions/questionnaires/answer-visibility";
import { toFollowUpRecordingDto } from "@/server/recordings/follow-up-recording";
import { RECORDING_JSON_SQL, recordingDtoSchema, recordingRecordSchema } from "@/server/recordings/recording-dto";
import { conversationFamilySql, type ItemRef, type ItemType } from "./conversation-item";

// What a list shows under each item (docs/product.md §17): its comment count, its reactions and
// who gave them, and its answered "Tell us more" questions (with an answer told out loud), for a
// whole page in one statement.

const person = z.strictObject({ id: z.guid(), first_name: z.string(), last_name: z.string() });

export const reactionSummarySchema = z.strictObject({
  kind: z.enum(REACTION_KINDS),
  count: z.number().int(),
  people: z.array(person).meta({ description: "Who reacted so, the caller included, first to react first." }),
  mine: z.boolean().meta({ description: "The caller reacted so." }),
});

/** An answered "Tell us more" question, shown under the story (docs/product.md §22). */
/** Someone who asked, or answered, and has since deleted their account: "A former member", with no id. */
const personOrFormer = z.strictObject({ id: z.guid().nullable(), first_name: z.string(), last_name: z.string() });

const answeredFollowUpFields = {
  id: z.guid(),
  question: z.string(),
  answer: z.string(),
  answered_at: z.iso.datetime(),
  asked_by: personOrFormer,
  author: personOrFormer,
};

export const answeredFollowUpSchema = z.strictObject({
  ...answeredFollowUpFields,
  recording: recordingDtoSchema
    .nullable()
    .meta({ description: "The answer told out loud by its author, at the app's own addresses; null when it was only written." }),
});
export type AnsweredFollowUp = z.output<typeof answeredFollowUpSchema>;

const answeredFollowUpRowSchema = z.strictObject({ ...answeredFollowUpFields, recording: recordingRecordSchema.nullable() });

const followUpFields = {
  can_ask_follow_up: z
    .boolean()
    .meta({ description: "The caller may ask the author a follow-up question: not their own item, and its author still in the family." }),
  author_first_name: z.string().nullable().meta({ description: "Whom a follow-up question goes to; null when the author left the item to the family." }),
};

export const conversationSummarySchema = z.strictObject({
  item_type: z.enum(["memory", "answer"]),
  item_id: z.guid(),
  comment_count: z.number().int(),
  reactions: z.array(reactionSummarySchema).meta({ description: "Every kind, in the order shown, with a count of 0 when nobody reacted so." }),
  follow_ups: z.array(answeredFollowUpSchema).meta({ description: "The author's answers to the family's follow-up questions, first answered first." }),
  ...followUpFields,
});
export type ConversationSummary = z.output<typeof conversationSummarySchema>;

const summaryRowSchema = z.strictObject({
  item_type: z.enum(["memory", "answer"]),
  item_id: z.guid(),
  comment_count: z.number().int(),
  reactions: z.array(z.strictObject({ kind: z.enum(REACTION_KINDS), id: z.guid(), first_name: z.string(), last_name: z.string() })),
  follow_ups: z.array(answeredFollowUpRowSchema),
  ...followUpFields,
});
type SummaryRow = z.output<typeof summaryRowSchema>;

function toSummary(row: SummaryRow, viewer: Pick<UserDto, "id">): ConversationSummary {
  return {
    item_type: row.item_type,
    item_id: row.item_id,
    comment_count: row.comment_count,
    follow_ups: row.follow_ups.map((followUp) => ({ ...followUp, recording: toFollowUpRecordingDto(followUp.id, followUp.recording) })),
    can_ask_follow_up: row.can_ask_follow_up,
    author_first_name: row.author_first_name,
    reactions: REACTION_KINDS.map((kind) => {
      const people = row.reactions.filter((reaction) => reaction.kind === kind).map(({ id, first_name, last_name }) => ({ id, first_name, last_name }));
      return { kind, count: people.length, people, mine: people.some((reactor) => reactor.id === viewer.id) };
    }),
  };
}

/**
 * Comment count and reactions of one kind of item, on its column, for the items in `ids` open to
 * the viewer: the item rule on the item, the family rule on each row counted, so a count is what
 * the list of comments shows.
 */
function summaryPart(type: ItemType, ids: string[], viewer: Pick<UserDto, "id" | "family_id">) {
  const column = Prisma.raw(type === "memory" ? "memory_id" : "response_id");
  const iso = (at: Prisma.Sql) => Prisma.sql`to_char(${at} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  // A question outlives the accounts of the one who asked and the one who answered: they are then "A former member".
  const person = (alias: string) => {
    const name = authorNameSql(alias);
    return Prisma.sql`json_build_object('id', ${Prisma.raw(`${alias}.id`)}, 'first_name', ${name.first_name}, 'last_name', ${name.last_name})`;
  };
  const counts = (itemId: Prisma.Sql, authorId: Prisma.Sql) => Prisma.sql`
    (SELECT count(*)::int FROM comments c WHERE c.${column} = ${itemId} AND ${conversationFamilySql("c", viewer)}) AS comment_count,
    COALESCE(${authorId} <> ${viewer.id}::uuid, false) AS can_ask_follow_up,
    (SELECT au.first_name FROM users au WHERE au.id = ${authorId}) AS author_first_name,
    COALESCE((SELECT json_agg(json_build_object('id', f.id, 'question', f.question, 'answer', f.answer, 'answered_at', ${iso(Prisma.sql`f.answered_at`)},
                                                'asked_by', ${person("fq")}, 'author', ${person("fa")},
                                                'recording', (SELECT ${Prisma.raw(RECORDING_JSON_SQL)} FROM recordings rec WHERE rec.follow_up_id = f.id))
                             ORDER BY f.answered_at, f.id)
                FROM follow_up_questions f LEFT JOIN users fq ON fq.id = f.asker_id LEFT JOIN users fa ON fa.id = f.author_id
               WHERE f.${column} = ${itemId} AND f.answered_at IS NOT NULL AND ${conversationFamilySql("f", viewer)}), '[]') AS follow_ups,
    COALESCE((SELECT json_agg(json_build_object('kind', x.kind, 'id', u.id, 'first_name', u.first_name, 'last_name', u.last_name) ORDER BY x.created_at, x.id)
                FROM reactions x JOIN users u ON u.id = x.user_id WHERE x.${column} = ${itemId} AND ${conversationFamilySql("x", viewer)}), '[]') AS reactions`;
  const list = Prisma.join(ids.map((id) => Prisma.sql`${id}::uuid`));
  if (type === "memory") {
    const open = conversationOpenToSql(viewer);
    if (!open) return null;
    return Prisma.sql`SELECT 'memory' AS item_type, m.id::text AS item_id, ${counts(Prisma.sql`m.id`, Prisma.sql`m.user_id`)}
                        FROM memories m WHERE m.id IN (${list}) AND ${open}`;
  }
  const open = answerConversationOpenToSql(viewer);
  if (!open) return null;
  return Prisma.sql`SELECT 'answer' AS item_type, r.id::text AS item_id, ${counts(Prisma.sql`r.id`, Prisma.sql`s.user_id`)}
                      FROM responses r JOIN submissions s ON s.id = r.submission_id LEFT JOIN users author ON author.id = s.user_id
                     WHERE r.id IN (${list}) AND ${open}`;
}

/**
 * The comment counts and reactions of a page of items, in one statement however many there are
 * (docs/decisions/026-comments-and-reactions.md). Items the viewer may not see, and private ones,
 * are left out: the answer holds only what the viewer may read.
 */
export async function summarizeConversations({
  viewer,
  items,
}: {
  viewer: Pick<UserDto, "id" | "family_id">;
  items: ItemRef[];
}): Promise<ConversationSummary[]> {
  const parts = (["memory", "answer"] as const)
    .map((type) => {
      const ids = [...new Set(items.filter((item) => item.type === type).map((item) => item.id))];
      return ids.length > 0 ? summaryPart(type, ids, viewer) : null;
    })
    .filter((part) => part !== null);
  if (parts.length === 0) return [];
  const rows = await queryRows(Prisma.join(parts, " UNION ALL "), summaryRowSchema);
  const byKey = new Map(rows.map((row) => [`${row.item_type}:${row.item_id}`, toSummary(row, viewer)]));
  // In the order asked for, each once.
  const seen = new Set<string>();
  return items.flatMap((item) => {
    const key = `${item.type}:${item.id}`;
    const summary = byKey.get(key);
    if (!summary || seen.has(key)) return [];
    seen.add(key);
    return [summary];
  });
}
