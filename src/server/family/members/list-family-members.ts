import "server-only";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { getDb } from "@/server/platform/db/client";
import { memberSelect, toFamilyMemberDto } from "./family-member-dto";
import { sameFamilyAs } from "./viewer-scope";

/** Everyone in the viewer's family, the viewer included, oldest account first. */
export async function listFamilyMembers({ viewer }: { viewer: UserDto }) {
  const prisma = await getDb();
  const rows = await prisma.user.findMany({
    where: sameFamilyAs(viewer),
    select: memberSelect,
    orderBy: [{ created_at: "asc" }, { id: "asc" }],
    take: 500,
  });
  return rows.map(toFamilyMemberDto);
}
