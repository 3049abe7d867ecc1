import "server-only";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { REACTION_KINDS } from "@/lib/conversations";
import { familyBookItemPath } from "@/lib/family-book/item-path";
import { followUpPath } from "@/lib/follow-ups";
import { NOTIFICATION_KINDS, notificationSentence } from "@/lib/notifications";
import { fullName } from "@/lib/people";
import type { Page } from "@/lib/schemas/paging";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { conversationFamilySql } from "@/server/conversations/conversation-item";
import { conversationOpenToSql } from "@/server/memories/memory-visibility";
import { queryRows } from "@/server/platform/db/client";
import { afterCursorSql, pageOf } from "@/server/platform/db/keyset";
import { answerConversationOpenToSql } from "@/server/questions/questionnaires/answer-visibility";

// The bell's list and count (docs/product.md §21, docs/decisions/029-notifications.md). A
// notification shows only while its item's conversation is open to the recipient — the items' own
// rules (memory-visibility.ts, answer-visibility.ts), applied at every read — while the comment,
// reaction or question it tells of belongs to the recipient's family's conversation
// (conversation-item.ts, docs/decisions/037-conversations-stay-in-their-family.md), and while the
// one who caused it is in the recipient's family; kinds turned off for the app are left out.
// Reactions to one item of one kind are one entry: "Olof and 2 others loved “Summer at the lake”".

type Viewer = Pick<UserDto, "id" | "family_id">;

const person = z.strictObject({ id: z.guid(), first_name: z.string(), last_name: z.string() });

export const notificationDtoSchema = z.strictObject({
  id: z.guid().meta({ description: "The newest notification of the entry; what `cursor` and mark-read take." }),
  kind: z.enum(NOTIFICATION_KINDS),
  text: z.string().meta({ description: "What the entry says, e.g. “Olof and 2 others loved “Summer at the lake””." }),
  created_at: z.iso.datetime(),
  read: z.boolean().meta({ description: "False while any notification of the entry is unread." }),
  actors: z.array(person).meta({ description: "Who did it, newest first (at most 3)." }),
  actor_count: z.number().int(),
  reaction: z.enum(REACTION_KINDS).nullable(),
  item: z.strictObject({ type: z.enum(["memory", "answer"]), id: z.guid(), title: z.string() }).nullable(),
  comment_id: z.guid().nullable(),
  follow_up_id: z.string().nullable(),
  href: z.string().meta({ description: "Where the app shows it: the item in the Family Book, a follow-up question among the waiting ones, or the family." }),
});
export type NotificationDto = z.output<typeof notificationDtoSchema>;

/** The follow-up question a notification `n` names, when it names one (the column holds text). */
const followUpOfNotification = Prisma.sql`CASE WHEN n.follow_up_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN n.follow_up_id::uuid END`;

/** The comment, reaction or question a notification tells of is part of the viewer's family's conversation. */
function toldOfInFamilySql(viewer: Viewer) {
  return Prisma.sql`
       AND (n.comment_id IS NULL OR EXISTS (SELECT 1 FROM comments c WHERE c.id = n.comment_id AND ${conversationFamilySql("c", viewer)}))
       AND (n.kind <> 'reaction' OR EXISTS (
             SELECT 1 FROM reactions x
              WHERE x.user_id = n.actor_id AND x.kind = n.reaction_kind AND (x.memory_id = n.memory_id OR x.response_id = n.response_id)
                AND ${conversationFamilySql("x", viewer)}))
       AND (n.follow_up_id IS NULL OR EXISTS (SELECT 1 FROM follow_up_questions f WHERE f.id = ${followUpOfNotification} AND ${conversationFamilySql("f", viewer)}))`;
}

/** The group an entry is: reactions by item and kind, anything else alone. */
const groupKey = Prisma.sql`CASE WHEN n.kind = 'reaction' THEN 'reaction.' || COALESCE(n.memory_id, n.response_id)::text || '.' || n.reaction_kind::text ELSE n.id::text END`;

/** The viewer's notifications that may be shown, as `v`; null for a viewer without a family (nothing is). */
export function visibleNotificationsSql(viewer: Viewer, { inApp = true }: { inApp?: boolean } = {}) {
  if (!viewer.family_id) return null;
  const memories = conversationOpenToSql(viewer);
  const answers = answerConversationOpenToSql(viewer);
  return Prisma.sql`
    SELECT n.id, n.recipient_id, n.kind, n.created_at, n.read_at, n.digest_id, n.memory_id, n.response_id, n.comment_id, n.reaction_kind, n.follow_up_id,
           actor.id AS actor_id, actor.first_name, actor.last_name, ${groupKey} AS group_key
      FROM notifications n
      JOIN users actor ON actor.id = n.actor_id
      LEFT JOIN memories m ON m.id = n.memory_id
      LEFT JOIN responses r ON r.id = n.response_id
      LEFT JOIN submissions s ON s.id = r.submission_id
      LEFT JOIN users author ON author.id = s.user_id
     WHERE n.recipient_id = ${viewer.id}::uuid
       AND actor.family_id = ${viewer.family_id}::uuid
       AND (n.memory_id IS NULL OR (${memories ?? Prisma.sql`FALSE`}))
       AND (n.response_id IS NULL OR (${answers ?? Prisma.sql`FALSE`}))
       ${toldOfInFamilySql(viewer)}
       ${inApp ? Prisma.sql`AND NOT EXISTS (SELECT 1 FROM notification_preferences p WHERE p.user_id = n.recipient_id AND p.kind = n.kind AND NOT p.in_app)` : Prisma.empty}`;
}

const isoTimestamp = (column: string) => Prisma.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

const entryRowSchema = z.strictObject({
  id: z.guid(),
  kind: z.enum(NOTIFICATION_KINDS),
  created_at: z.string(),
  unread: z.boolean(),
  actors: z.array(person),
  actor_count: z.number().int(),
  reaction: z.enum(REACTION_KINDS).nullable(),
  memory_id: z.guid().nullable(),
  response_id: z.guid().nullable(),
  comment_id: z.guid().nullable(),
  follow_up_id: z.string().nullable(),
  follow_up_answered: z.boolean(),
  item_title: z.string().nullable(),
  item_author_id: z.guid().nullable(),
});
type EntryRow = z.output<typeof entryRowSchema>;

/** The entries of the viewer's list, newest first, in one statement; `where` narrows the notifications. */
export async function readEntries(
  viewer: Viewer,
  { limit, cursor, where = Prisma.empty, inApp = true }: { limit: number; cursor?: string; where?: Prisma.Sql; inApp?: boolean },
) {
  const visible = visibleNotificationsSql(viewer, { inApp });
  if (!visible) return [];
  // After the cursor by the one paging rule (platform/db/keyset.ts): the cursor names the newest notification of its entry.
  const afterCursor = afterCursorSql({
    cursor,
    key: ["g.latest_at", "g.latest_id"],
    cursorKey: ["c.created_at", "c.id"],
    from: Prisma.sql`notifications c`,
    where: Prisma.sql`c.recipient_id = ${viewer.id}::uuid`,
  });
  const after = afterCursor ? Prisma.sql`WHERE ${afterCursor}` : Prisma.empty;
  return queryRows(
    Prisma.sql`
      WITH v AS (${visible}),
      g AS (
        SELECT v.group_key,
               (array_agg(v.id ORDER BY v.created_at DESC, v.id DESC))[1] AS latest_id,
               max(v.created_at) AS latest_at,
               bool_or(v.read_at IS NULL) AS unread,
               count(*)::int AS actor_count,
               (json_agg(json_build_object('id', v.actor_id, 'first_name', v.first_name, 'last_name', v.last_name) ORDER BY v.created_at DESC, v.id DESC)) AS actors
          FROM v WHERE TRUE ${where} GROUP BY v.group_key
      )
      SELECT n.id::text AS id, n.kind, ${isoTimestamp("g.latest_at")} AS created_at, g.unread,
             (SELECT COALESCE(json_agg(a), '[]') FROM (SELECT json_array_elements(g.actors) AS a LIMIT 3) first_three) AS actors,
             g.actor_count, n.reaction_kind::text AS reaction, n.memory_id::text AS memory_id, n.response_id::text AS response_id,
             n.comment_id::text AS comment_id, n.follow_up_id, fq.answered_at IS NOT NULL AS follow_up_answered,
             COALESCE(im.title, q.question_text) AS item_title, COALESCE(im.user_id, isub.user_id)::text AS item_author_id
        FROM g
        JOIN notifications n ON n.id = g.latest_id
        LEFT JOIN memories im ON im.id = n.memory_id
        LEFT JOIN responses ir ON ir.id = n.response_id
        LEFT JOIN submissions isub ON isub.id = ir.submission_id
        LEFT JOIN questions q ON q.id = ir.question_id
        LEFT JOIN follow_up_questions fq ON fq.id = ${followUpOfNotification}
        ${after}
       ORDER BY g.latest_at DESC, g.latest_id DESC
       LIMIT ${limit}`,
    entryRowSchema,
  );
}

function hrefOf(row: EntryRow) {
  // A question still waiting leads to where it is answered; once answered, to the story it is under.
  if (row.kind === "follow_up" && row.follow_up_id && !row.follow_up_answered) return followUpPath(row.follow_up_id);
  // A private weekly answer is read by its author alone: the organiser is led to their weekly questions.
  if (row.kind === "weekly_answer" && !row.response_id) return "/weekly-questions";
  // A comment or a reply opens on that comment; an answered question on that question and its answer.
  const focus = { comment: row.comment_id, question: row.kind === "follow_up" || row.kind === "follow_up_answered" ? row.follow_up_id : null };
  if (row.memory_id) return familyBookItemPath({ type: "memory", id: row.memory_id }, row.item_author_id, focus);
  if (row.response_id) return familyBookItemPath({ type: "answer", id: row.response_id }, row.item_author_id, focus);
  return "/family-dashboard";
}

export function toNotificationDto(row: EntryRow): NotificationDto {
  const item = row.memory_id ? { type: "memory" as const, id: row.memory_id } : row.response_id ? { type: "answer" as const, id: row.response_id } : null;
  const fullNames = row.actors.map((actor) => fullName(actor));
  return {
    id: row.id,
    kind: row.kind,
    text: notificationSentence({ kind: row.kind, actorNames: fullNames, actorCount: row.actor_count, reaction: row.reaction, itemTitle: row.item_title }),
    created_at: row.created_at,
    read: !row.unread,
    actors: row.actors,
    actor_count: row.actor_count,
    reaction: row.reaction,
    item: item && { ...item, title: row.item_title ?? "" },
    comment_id: row.comment_id,
    follow_up_id: row.follow_up_id,
    href: hrefOf(row),
  };
}

/** How many entries of the list are unread: what the bell shows. */
export async function countUnreadNotifications({ viewer }: { viewer: Viewer }) {
  const visible = visibleNotificationsSql(viewer);
  if (!visible) return 0;
  const [row] = await queryRows(
    Prisma.sql`WITH v AS (${visible}) SELECT count(DISTINCT v.group_key)::int AS unread FROM v WHERE v.read_at IS NULL`,
    z.strictObject({ unread: z.number().int() }),
  );
  return row?.unread ?? 0;
}

/** A page of the viewer's list, newest first, with the bell's count. */
export async function listNotifications({ viewer, page: { limit, cursor } }: { viewer: Viewer; page: Page }) {
  const [rows, unread] = await Promise.all([readEntries(viewer, { limit: limit + 1, cursor }), countUnreadNotifications({ viewer })]);
  const page = pageOf(rows, limit);
  return { notifications: page.items.map(toNotificationDto), next_cursor: page.next_cursor, unread_count: unread };
}
