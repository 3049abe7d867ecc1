import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { UUID_PATTERN } from "@/lib/schemas/auth";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { notFound } from "@/server/platform/http/app-error";

// Who may see a memory, decided here and nowhere else (docs/product.md): the owner sees their own;
// a member sees the memories of their family that are shared (the family a memory was written
// in, kept with it); nobody sees anything of another family. Every reader of memories (My
// Memories, the Family Book's feed, a single memory, the printed book) takes its WHERE clause
// from this file. Each rule is written twice, side by side: as a Prisma filter, and as SQL on
// `memories m` for the hand-written statement (docs/decisions/006-hot-reads-in-sql.md). The two
// must say the same; tests/api/family-book-equals-feeds.test.ts holds the readers to it.

export const MEMORY_NOT_FOUND = "Memory not found";

type Viewer = Pick<UserDto, "id" | "family_id">;

/** The owner's own memories, shared or not. Also the rule for who may change one. */
export const ownedBy = (viewer: Pick<UserDto, "id">) => ({ user_id: viewer.id }) satisfies Prisma.MemoryWhereInput;
export const ownedBySql = (viewer: Pick<UserDto, "id">) => Prisma.sql`m.user_id = ${viewer.id}::uuid`;

/** What the viewer's family shared, their own shared memories included. */
export function sharedWith(viewer: Viewer): Prisma.MemoryWhereInput {
  // Without a family, "the family" is the viewer alone: never `family_id: null`.
  return viewer.family_id ? { is_shared: true, family_id: viewer.family_id } : { is_shared: true, user_id: viewer.id };
}
export function sharedWithSql(viewer: Viewer) {
  return viewer.family_id ? Prisma.sql`m.is_shared AND m.family_id = ${viewer.family_id}::uuid` : Prisma.sql`m.is_shared AND m.user_id = ${viewer.id}::uuid`;
}

/** Every memory the viewer may open: their own, or one their family shared. */
export const visibleTo = (viewer: Viewer): Prisma.MemoryWhereInput => ({ OR: [ownedBy(viewer), sharedWith(viewer)] });
export const visibleToSql = (viewer: Viewer) => Prisma.sql`(${ownedBySql(viewer)} OR (${sharedWithSql(viewer)}))`;

/**
 * The memory a printed book's code plays to whoever holds the book (docs/decisions/043-listen-codes.md):
 * the one whose recording carries the token, while it is shared; made private, its codes play nothing.
 */
export const playedByListenCode = (token: string): Prisma.MemoryWhereInput => ({ is_shared: true, recording: { listen_token: token } });

/** A malformed id cannot name a memory: answered like any other missing one. */
export function assertMemoryId(memoryId: string) {
  if (!UUID_PATTERN.test(memoryId)) throw notFound(MEMORY_NOT_FOUND);
}

/**
 * The memories whose comments and reactions the viewer may read and add to: the shared ones of
 * their family, their own shared ones included (docs/decisions/026-comments-and-reactions.md);
 * null for a viewer without a family, who has nobody to talk with (as for answers). A memory made
 * private takes its conversation with it, for its author too, and brings it back when shared
 * again: nothing is copied or deleted, the rule is applied at every read. Which of the item's
 * comments belong to the viewer's family is conversation-item.ts's to say
 * (docs/decisions/037-conversations-stay-in-their-family.md).
 */
export function conversationOpenTo(viewer: Viewer): Prisma.MemoryWhereInput | null {
  return viewer.family_id ? sharedWith(viewer) : null;
}
export function conversationOpenToSql(viewer: Viewer) {
  return viewer.family_id ? sharedWithSql(viewer) : null;
}
