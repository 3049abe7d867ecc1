import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { now } from "@/server/platform/clock";
import { getDb } from "@/server/platform/db/client";
import { getEnv } from "@/server/platform/env";
import { AppError, notFound } from "@/server/platform/http/app-error";
import { inviteUrl, type FamilyInviteDto } from "./family-invite-dto";

export const FAMILY_NOT_FOUND = "Family not found";
export const ONLY_ADMINS = "Only a family admin can replace or close the invite link.";

type Client = Prisma.TransactionClient;

/**
 * The viewer's family's invite link. Every member sees it (the dashboard's invite card is for
 * everyone in a family); only admins may change it (docs/decisions/008-invites.md).
 */
export async function getFamilyInvite({ viewer, origin }: { viewer: UserDto; origin: string }): Promise<FamilyInviteDto> {
  if (!viewer.family_id) throw notFound(FAMILY_NOT_FOUND);
  const familyId = viewer.family_id;
  const prisma = await getDb();
  // Whether the viewer is still in the family is judged in the same statement: someone removed
  // while this request was under way never reads the link that replaced the one they had.
  const invite = await prisma.familyInvite.findFirst({
    where: { family_id: familyId, revoked_at: null, family: { members: { some: { id: viewer.id } } } },
    select: { code: true, created_at: true, expires_at: true, created_by: { select: { first_name: true, last_name: true } } },
  });
  const admins = await prisma.user.findMany({
    where: { family_id: familyId, family_role: "admin" },
    select: { id: true, first_name: true, last_name: true },
    orderBy: [{ created_at: "asc" }, { id: "asc" }],
  });
  return {
    status: !invite ? "closed" : invite.expires_at.getTime() <= now().getTime() ? "expired" : "open",
    invite: invite && {
      code: invite.code,
      url: inviteUrl(origin, invite.code),
      created_at: invite.created_at.toISOString(),
      expires_at: invite.expires_at.toISOString(),
      created_by: invite.created_by,
    },
    can_manage: admins.some((admin) => admin.id === viewer.id),
    admins,
    default_expires_in_days: getEnv().INVITE_LINK_DAYS,
  };
}

/**
 * The family the viewer administers, taking the family's row so that two admins changing the
 * link at once take turns (NO KEY UPDATE: people joining or writing memories are not held up).
 * A member who is not an admin is refused; someone without a family finds nothing.
 */
export async function lockFamilyAsAdmin(tx: Client, viewer: UserDto) {
  if (!viewer.family_id) throw notFound(FAMILY_NOT_FOUND);
  const rows = await tx.$queryRaw<{ family_id: string }[]>`
    SELECT f.id::text AS family_id
      FROM families f JOIN users u ON u.family_id = f.id
     WHERE u.id = ${viewer.id}::uuid AND f.id = ${viewer.family_id}::uuid AND u.family_role = 'admin'
       FOR NO KEY UPDATE OF f`;
  const familyId = rows[0]?.family_id;
  if (!familyId) throw new AppError("FORBIDDEN", ONLY_ADMINS);
  return familyId;
}

/**
 * The family's row, taken as lockFamilyAsAdmin takes it, for a change to the link made on the
 * family's behalf by a caller who has already checked who may make it (removing a member).
 */
export async function lockFamilyRow(tx: Client, familyId: string) {
  await tx.$queryRaw`SELECT id FROM families WHERE id = ${familyId}::uuid FOR NO KEY UPDATE`;
}
