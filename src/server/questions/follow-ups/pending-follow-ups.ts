import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { UUID_PATTERN } from "@/lib/schemas/auth";
import { FOLLOW_UP_NOT_FOUND } from "@/lib/schemas/follow-ups";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { followUpsOpenTo } from "@/server/conversations/conversation-item";
import { getDb } from "@/server/platform/db/client";
import { notFound } from "@/server/platform/http/app-error";
import { followUpSelect, toFollowUpDto } from "./follow-up-dto";

// The questions the family asked the viewer and they have not answered yet (docs/product.md §22),
// oldest first. A question on a story made private is hidden with it, from its author too, and
// comes back when the story is shared again.

type Viewer = Pick<UserDto, "id" | "family_id">;

/** Pending questions to the viewer, on stories still open to them. */
export function pendingFor(viewer: Viewer): Prisma.FollowUpQuestionWhereInput {
  return { AND: [{ author_id: viewer.id, answered_at: null }, followUpsOpenTo(viewer)] };
}

export const PENDING_LIST_LIMIT = 50;

export async function listPendingFollowUps({ viewer, limit = PENDING_LIST_LIMIT }: { viewer: Viewer; limit?: number }) {
  const prisma = await getDb();
  const rows = await prisma.followUpQuestion.findMany({
    where: pendingFor(viewer),
    select: followUpSelect,
    orderBy: [{ created_at: "asc" }, { id: "asc" }],
    take: limit,
  });
  return rows.map(toFollowUpDto);
}

/** One question to the viewer, answered or not, on a story still open to them; else 404. */
export async function getFollowUpForAuthor({ viewer, id }: { viewer: Viewer; id: string }) {
  if (!UUID_PATTERN.test(id)) throw notFound(FOLLOW_UP_NOT_FOUND);
  const prisma = await getDb();
  const row = await prisma.followUpQuestion.findFirst({ where: { AND: [{ id, author_id: viewer.id }, followUpsOpenTo(viewer)] }, select: followUpSelect });
  if (!row) throw notFound(FOLLOW_UP_NOT_FOUND);
  return toFollowUpDto(row);
}

/** How many questions wait for the viewer's answer: the dashboard's reminder. */
export async function countPendingFollowUps({ viewer }: { viewer: Viewer }) {
  const prisma = await getDb();
  return prisma.followUpQuestion.count({ where: pendingFor(viewer) });
}
