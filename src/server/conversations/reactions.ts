import "server-only";
import type { ReactionKind } from "@/lib/schemas/conversations";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { notifyReaction } from "@/server/news/notifications/record";
import { getDb } from "@/server/platform/db/client";
import { findOpenItem, itemColumn, type ItemRef } from "./conversation-item";
import { summarizeConversations } from "./conversation-summaries";

// Reactions (docs/product.md §17): one of each kind per person per item, kept unique by the
// database, so a tap sent twice at once counts once. Adding is PUT and taking back is DELETE:
// both say what the person wants, not "the opposite of now", so repeated or crossed requests
// settle where the last tap left them.

/** The viewer adds (on) or takes back (off) a reaction of theirs; answers the item's summary. */
export async function setReaction({ viewer, item, kind, on }: { viewer: UserDto; item: ItemRef; kind: ReactionKind; on: boolean }) {
  const { authorId, familyId } = await findOpenItem(viewer, item);
  const prisma = await getDb();
  if (on) {
    // The unique key (item, person, kind, family) decides between taps that arrive together.
    await prisma.reaction.createMany({ data: [{ ...itemColumn(item), family_id: familyId, user_id: viewer.id, kind }], skipDuplicates: true });
  } else {
    await prisma.reaction.deleteMany({ where: { ...itemColumn(item), family_id: familyId, user_id: viewer.id, kind } });
  }
  // Keyed by the reaction, like the reaction itself: taps at once leave one notification, and
  // taking the reaction back takes its notification along (docs/product.md §21).
  await notifyReaction({ actorId: viewer.id, item, itemAuthorId: authorId, kind, on });
  const [summary] = await summarizeConversations({ viewer, items: [item] });
  // Made private in the meantime: gone for the viewer, like any item they may not see.
  if (!summary) return (await findOpenItem(viewer, item), summary!);
  return summary;
}
