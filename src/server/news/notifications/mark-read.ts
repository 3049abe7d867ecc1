import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { now } from "@/server/platform/clock";
import { getDb } from "@/server/platform/db/client";
import { countUnreadNotifications } from "./list-notifications";

// Marking notifications read (docs/product.md §21): the viewer's own, never anyone else's (the
// recipient is in the WHERE clause; another person's id changes nothing). An entry is read as a
// whole: marking the newest reaction of a group marks the group.

export async function markNotificationsRead({ viewer, ids }: { viewer: Pick<UserDto, "id" | "family_id">; ids: string[] | "all" }) {
  const prisma = await getDb();
  const readAt = now();
  if (ids === "all") {
    await prisma.notification.updateMany({ where: { recipient_id: viewer.id, read_at: null }, data: { read_at: readAt } });
  } else if (ids.length > 0) {
    const list = Prisma.join(ids.map((id) => Prisma.sql`${id}::uuid`));
    await prisma.$executeRaw`
      UPDATE notifications n SET read_at = ${readAt}
       WHERE n.recipient_id = ${viewer.id}::uuid AND n.read_at IS NULL
         AND (n.id IN (${list})
              OR (n.kind = 'reaction' AND EXISTS (
                    SELECT 1 FROM notifications chosen
                     WHERE chosen.id IN (${list}) AND chosen.recipient_id = n.recipient_id AND chosen.kind = 'reaction'
                       AND chosen.reaction_kind = n.reaction_kind
                       AND chosen.memory_id IS NOT DISTINCT FROM n.memory_id AND chosen.response_id IS NOT DISTINCT FROM n.response_id)))`;
  }
  return { unread_count: await countUnreadNotifications({ viewer }) };
}
