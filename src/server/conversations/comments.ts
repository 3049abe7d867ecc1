import "server-only";
import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import { UUID_PATTERN } from "@/lib/schemas/auth";
import { CANNOT_REMOVE_COMMENT, COMMENT_NOT_FOUND, NOT_YOUR_COMMENT } from "@/lib/schemas/conversations";
import type { Page } from "@/lib/schemas/paging";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { notifyComment } from "@/server/news/notifications/record";
import * as clock from "@/server/platform/clock";
import { getDb } from "@/server/platform/db/client";
import { AppError, notFound } from "@/server/platform/http/app-error";
import { commentsOpenTo, findOpenItem, itemColumn, type ItemRef } from "./conversation-item";

// Comments on a shared memory or answer (docs/product.md §17). Plain text, shown as text: never
// HTML. The writer edits or deletes their own, wherever it lies now: what a person wrote is theirs,
// also when its conversation is closed to them (a private item, or a family one of them left,
// docs/decisions/037-conversations-stay-in-their-family.md). The item's author removes any comment
// they can see on their item.

export const commentDtoSchema = z.strictObject({
  id: z.guid(),
  body: z.string().meta({ description: "Plain text as written (line breaks kept); never HTML." }),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  edited: z.boolean().meta({ description: "True once the writer changed it after posting." }),
  author: z.strictObject({ id: z.guid(), first_name: z.string(), last_name: z.string() }),
  can_edit: z.boolean().meta({ description: "The caller wrote it." }),
  can_remove: z.boolean().meta({ description: "The caller wrote it, or wrote the memory or answer it is on." }),
});
export type CommentDto = z.output<typeof commentDtoSchema>;

const commentSelect = {
  id: true,
  body: true,
  created_at: true,
  updated_at: true,
  user: { select: { id: true, first_name: true, last_name: true } },
} as const;

type CommentRow = { id: string; body: string; created_at: Date; updated_at: Date; user: { id: string; first_name: string; last_name: string } };

function toCommentDto(row: CommentRow, viewer: Pick<UserDto, "id">, itemAuthorId: string | null): CommentDto {
  return {
    id: row.id,
    body: row.body,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    edited: row.updated_at.getTime() > row.created_at.getTime(),
    author: { id: row.user.id, first_name: row.user.first_name, last_name: row.user.last_name },
    can_edit: row.user.id === viewer.id,
    can_remove: row.user.id === viewer.id || itemAuthorId === viewer.id,
  };
}

/** The item's comments, oldest first (a conversation reads from the top), a page at a time. */
export async function listComments({ viewer, item, page: { limit, cursor } }: { viewer: UserDto; item: ItemRef; page: Page }) {
  const { authorId } = await findOpenItem(viewer, item);
  const prisma = await getDb();
  const rows = await prisma.comment.findMany({
    where: { AND: [itemColumn(item), commentsOpenTo(viewer)] },
    select: commentSelect,
    orderBy: [{ created_at: "asc" }, { id: "asc" }],
    take: limit + 1,
    ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
  });
  const comments = rows.slice(0, limit).map((row) => toCommentDto(row, viewer, authorId));
  return { comments, next_cursor: rows.length > limit ? comments.at(-1)!.id : null };
}

export async function addComment({ viewer, item, body }: { viewer: UserDto; item: ItemRef; body: string }) {
  const { authorId, familyId } = await findOpenItem(viewer, item);
  const prisma = await getDb();
  const row = await prisma.comment.create({ data: { ...itemColumn(item), family_id: familyId, user_id: viewer.id, body }, select: commentSelect });
  await notifyComment({ actorId: viewer.id, item, familyId, itemAuthorId: authorId, commentId: row.id });
  return toCommentDto(row, viewer, authorId);
}

/** The comments the viewer may act on at all: their own, wherever they lie, and those they may read. */
const writtenOrOpenTo = (viewer: UserDto): Prisma.CommentWhereInput => ({ OR: [{ user_id: viewer.id }, commentsOpenTo(viewer)] });

/**
 * A comment the viewer wrote or may read, with the authors who decide what they may do with it;
 * else 404. One the viewer did not write is found only through the conversation rule, so a
 * permission it grants (the item's author removing) holds only where they can see it.
 */
async function findComment(viewer: UserDto, commentId: string) {
  if (!UUID_PATTERN.test(commentId)) throw notFound(COMMENT_NOT_FOUND);
  const prisma = await getDb();
  const comment = await prisma.comment.findFirst({
    where: { AND: [{ id: commentId }, writtenOrOpenTo(viewer)] },
    select: { user_id: true, memory: { select: { user_id: true } }, response: { select: { submission: { select: { user_id: true } } } } },
  });
  if (!comment) throw notFound(COMMENT_NOT_FOUND);
  return { writerId: comment.user_id, itemAuthorId: comment.memory ? comment.memory.user_id : comment.response!.submission.user_id };
}

/** The writer changes their comment's text. */
export async function editComment({ viewer, commentId, body }: { viewer: UserDto; commentId: string; body: string }) {
  const { writerId, itemAuthorId } = await findComment(viewer, commentId);
  if (writerId !== viewer.id) throw new AppError("FORBIDDEN", NOT_YOUR_COMMENT);
  const prisma = await getDb();
  // Deleted in between (by the item's author): the same 404 as a comment that never was.
  const changed = await prisma.comment.updateMany({ where: { id: commentId, user_id: viewer.id }, data: { body, updated_at: clock.now() } });
  if (changed.count === 0) throw notFound(COMMENT_NOT_FOUND);
  const row = await prisma.comment.findUniqueOrThrow({ where: { id: commentId }, select: commentSelect });
  return toCommentDto(row, viewer, itemAuthorId);
}

/** The writer deletes their comment, or the item's author removes one from their item. */
export async function removeComment({ viewer, commentId }: { viewer: UserDto; commentId: string }) {
  const { writerId, itemAuthorId } = await findComment(viewer, commentId);
  if (writerId !== viewer.id && itemAuthorId !== viewer.id) throw new AppError("FORBIDDEN", CANNOT_REMOVE_COMMENT);
  const prisma = await getDb();
  await prisma.comment.deleteMany({ where: { AND: [{ id: commentId }, writtenOrOpenTo(viewer)] } });
  return { id: commentId };
}
