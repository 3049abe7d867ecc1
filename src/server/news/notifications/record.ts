import "server-only";
import { randomUUID } from "node:crypto";
import type { ReactionKind } from "@/lib/conversations";
import type { NotificationKind } from "@/lib/notifications";
import type { ItemRef } from "@/server/conversations/conversation-item";
import { getDb } from "@/server/platform/db/client";

// Where notifications are made (docs/product.md §21, docs/decisions/029-notifications.md): at the
// moment something happens, one row per recipient, never for the person who did it. Each row has a
// key naming what made it, unique per recipient, so a request sent twice or two taps at once make
// one. Whether a row is shown is decided when it is read (list-notifications.ts), not here.

type Row = {
  recipient_id: string;
  actor_id: string;
  kind: NotificationKind;
  key: string;
  memory_id?: string;
  response_id?: string;
  comment_id?: string;
  reaction_kind?: ReactionKind;
  follow_up_id?: string;
};

const itemColumns = (item: ItemRef) => (item.type === "memory" ? { memory_id: item.id } : { response_id: item.id });

async function record(rows: Row[]) {
  const wanted = rows.filter((row) => row.recipient_id !== row.actor_id);
  if (wanted.length === 0) return 0;
  const prisma = await getDb();
  const { count } = await prisma.notification.createMany({ data: wanted, skipDuplicates: true });
  return count;
}

/**
 * A new comment: its item's author hears of a comment; everyone else who commented on the item
 * before, in the same family's conversation, hears of a reply (the author only once, as a
 * comment). Those who commented in a family the item has since left are not part of it.
 */
export async function notifyComment({
  actorId,
  item,
  familyId,
  itemAuthorId,
  commentId,
}: {
  actorId: string;
  item: ItemRef;
  familyId: string;
  itemAuthorId: string | null;
  commentId: string;
}) {
  const prisma = await getDb();
  const earlier = await prisma.comment.findMany({
    where: { ...itemColumns(item), family_id: familyId, id: { not: commentId }, user_id: { notIn: [actorId, ...(itemAuthorId ? [itemAuthorId] : [])] } },
    distinct: ["user_id"],
    select: { user_id: true },
  });
  const base = { actor_id: actorId, comment_id: commentId, ...itemColumns(item) };
  return record([
    ...(itemAuthorId ? [{ ...base, recipient_id: itemAuthorId, kind: "comment" as const, key: `comment.${commentId}` }] : []),
    ...earlier.map(({ user_id }) => ({ ...base, recipient_id: user_id, kind: "reply" as const, key: `reply.${commentId}` })),
  ]);
}

const reactionKey = (actorId: string, item: ItemRef, kind: ReactionKind) => `reaction.${item.type}.${item.id}.${actorId}.${kind}`;

/** A reaction added (to the item's author) or taken back (its notification goes with it). */
export async function notifyReaction({
  actorId,
  item,
  itemAuthorId,
  kind,
  on,
}: {
  actorId: string;
  item: ItemRef;
  itemAuthorId: string | null;
  kind: ReactionKind;
  on: boolean;
}) {
  if (!itemAuthorId) return 0;
  const key = reactionKey(actorId, item, kind);
  if (on) return record([{ recipient_id: itemAuthorId, actor_id: actorId, kind: "reaction", key, reaction_kind: kind, ...itemColumns(item) }]);
  const prisma = await getDb();
  const { count } = await prisma.notification.deleteMany({ where: { recipient_id: itemAuthorId, key } });
  return -count;
}

/** Someone joined a family: every other member hears of it. */
export async function notifyMemberJoined({ newMemberId }: { newMemberId: string }) {
  const prisma = await getDb();
  const newcomer = await prisma.user.findUnique({ where: { id: newMemberId }, select: { family_id: true } });
  if (!newcomer?.family_id) return 0;
  const members = await prisma.user.findMany({ where: { family_id: newcomer.family_id, id: { not: newMemberId } }, select: { id: true } });
  return record(members.map(({ id }) => ({ recipient_id: id, actor_id: newMemberId, kind: "member_joined" as const, key: `member_joined.${newMemberId}` })));
}

/**
 * A follow-up question ("Tell us more"): the asker asks the item's author to tell more. With the
 * follow-up's id, asking is recorded once however often it is called.
 */
export async function notifyFollowUpQuestion({
  askerId,
  authorId,
  item,
  followUpId,
}: {
  askerId: string;
  authorId: string;
  item: ItemRef;
  followUpId?: string;
}) {
  return record([
    {
      recipient_id: authorId,
      actor_id: askerId,
      kind: "follow_up",
      key: `follow_up.${followUpId ?? randomUUID()}`,
      ...(followUpId ? { follow_up_id: followUpId } : {}),
      ...itemColumns(item),
    },
  ]);
}

/** The author answered a "Tell us more" question: the one who asked hears of it. */
export async function notifyFollowUpAnswered({
  authorId,
  askerId,
  item,
  followUpId,
}: {
  authorId: string;
  askerId: string;
  item: ItemRef;
  followUpId: string;
}) {
  return record([
    {
      recipient_id: askerId,
      actor_id: authorId,
      kind: "follow_up_answered",
      key: `follow_up_answered.${followUpId}`,
      follow_up_id: followUpId,
      ...itemColumns(item),
    },
  ]);
}

/**
 * A weekly question was answered: whoever set the questions up hears of it. A shared answer is
 * named and linked; a private one is only said to have come, once. Sharing it later tells of it again.
 */
export async function notifyWeeklyAnswer({
  storytellerId,
  organiserId,
  responseId,
  shared,
}: {
  storytellerId: string;
  organiserId: string | null;
  responseId: string;
  shared: boolean;
}) {
  if (!organiserId) return 0;
  return record([
    shared
      ? { recipient_id: organiserId, actor_id: storytellerId, kind: "weekly_answer", key: `weekly_answer.${responseId}`, response_id: responseId }
      : { recipient_id: organiserId, actor_id: storytellerId, kind: "weekly_answer", key: `weekly_answer.private.${responseId}` },
  ]);
}
