import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { FIRST_PAGE, type Page } from "@/lib/schemas/paging";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { ownedBySql, sharedWithSql } from "./memory-visibility";
import { readMemories } from "./read-memories";

/** The viewer's own memories, newest memory_date first, one page at a time. */
export async function listMemories({ viewer, page = FIRST_PAGE }: { viewer: UserDto; page?: Page }) {
  return listPage({ scope: ownedBySql(viewer), page });
}

/**
 * What the viewer's family shared (their own shared memories included), with authors and tags;
 * optionally only one relative's (the Family Book's member filter).
 */
export async function listSharedMemories({ viewer, page = FIRST_PAGE, authorId }: { viewer: UserDto; page?: Page; authorId?: string }) {
  const scope = sharedWithSql(viewer);
  return listPage({ scope: authorId ? Prisma.sql`${scope} AND m.user_id = ${authorId}::uuid` : scope, page });
}

async function listPage({ scope, page: { limit, cursor } }: { scope: Prisma.Sql; page: Page }) {
  const { memories, more } = await readMemories({ scope, cursor, limit });
  return { memories, next_cursor: more ? memories.at(-1)!.id : null };
}
