import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { NewInviteInput } from "@/lib/schemas/invites";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { now } from "@/server/platform/clock";
import { getDb } from "@/server/platform/db/client";
import { getFamilyInvite, lockFamilyAsAdmin, lockFamilyRow } from "./get-family-invite";
import { inviteExpiry, newInviteCode, openInviteWhere } from "./invite-rules";

type Transaction = Prisma.TransactionClient;

/**
 * An admin issues a new invite link: the current one (open or expired) stops working at once,
 * and the new one works for the days chosen, else INVITE_LINK_DAYS. Also reopens a closed link.
 */
export async function replaceFamilyInvite({ viewer, input, origin }: { viewer: UserDto; input: NewInviteInput; origin: string }) {
  const prisma = await getDb();
  await prisma.$transaction(async (tx) => {
    const familyId = await lockFamilyAsAdmin(tx, viewer);
    await issueFamilyInvite(tx, { familyId, createdById: viewer.id, expiresAt: inviteExpiry(input.expires_in_days) });
  });
  return getFamilyInvite({ viewer, origin });
}

/**
 * After an admin removes a member: the link the removed person may have kept stops working at once,
 * and the family gets a new one that works until the old one would have (docs/decisions/024-leaving-and-the-circle.md).
 * A closed or expired link lets nobody in, so it stays as the admins left it. Whether the link was
 * replaced.
 */
export async function replaceOpenFamilyInvite(tx: Transaction, { familyId, adminId }: { familyId: string; adminId: string }) {
  await lockFamilyRow(tx, familyId);
  const open = await tx.familyInvite.findFirst({ where: { family_id: familyId, ...openInviteWhere() }, select: { expires_at: true } });
  if (!open) return false;
  await issueFamilyInvite(tx, { familyId, createdById: adminId, expiresAt: open.expires_at });
  return true;
}

/**
 * Revokes the family's current link and opens a new one with a fresh code. The caller holds the
 * family's row, so two replacements take turns and the family keeps one open link.
 */
async function issueFamilyInvite(tx: Transaction, { familyId, createdById, expiresAt }: { familyId: string; createdById: string; expiresAt: Date }) {
  await tx.familyInvite.updateMany({ where: { family_id: familyId, revoked_at: null }, data: { revoked_at: now() } });
  await tx.familyInvite.create({ data: { code: newInviteCode(), family_id: familyId, created_by_id: createdById, expires_at: expiresAt } });
}
