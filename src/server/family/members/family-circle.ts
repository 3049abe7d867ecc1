import "server-only";
import { type Prisma } from "@/generated/prisma/client";
import { fullName } from "@/lib/people";
import { UUID_PATTERN } from "@/lib/schemas/auth";
import {
  ALREADY_ADMIN,
  LAST_ADMIN_LEAVE,
  LAST_ADMIN_STEP_DOWN,
  LEFT_FAMILY,
  MEMBER_NOT_FOUND,
  memberRemovedMessage,
  NOT_FAMILY_ADMIN,
  ONLY_MEMBER_LEAVE,
  type FamilyRoleChange,
  type RemovalOutcome,
} from "@/lib/schemas/family-circle";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { revokeInvitationsSentBy } from "@/server/family/email-invitations/revoke-invitation";
import { openFirstInvite } from "@/server/family/invite-links/join-or-start-family";
import { replaceOpenFamilyInvite } from "@/server/family/invite-links/replace-family-invite";
import { getDb } from "@/server/platform/db/client";
import { AppError, notFound } from "@/server/platform/http/app-error";
import { memberSelect, toFamilyMemberDto } from "./family-member-dto";

// The family circle (docs/product.md, "The family circle"; docs/decisions/024-leaving-and-the-circle.md):
// the admin removes a member or makes one admin; an admin steps down; a member leaves. A family
// always keeps an admin while it has members. Every change here first locks the rows of the
// family's members, so two changes to one family run one after the other, each seeing what the
// other did: two admins removing each other leave one of them admin, never none.

type Transaction = Prisma.TransactionClient;
type Member = { id: string; family_id: string | null; family_role: string; first_name: string; last_name: string };

/** The members of a family, locked until the transaction ends; in id order, so two lockers never deadlock. */
export async function lockFamily(tx: Transaction, familyId: string): Promise<Member[]> {
  return tx.$queryRaw<Member[]>`
    SELECT id::text AS id, family_id::text AS family_id, family_role, first_name, last_name
      FROM users WHERE family_id = ${familyId}::uuid ORDER BY id FOR UPDATE`;
}

/** The caller as they are now, in their family locked; a caller who is in no family answers 404. */
async function lockCallersFamily(tx: Transaction, viewer: UserDto) {
  const current = await tx.user.findUnique({ where: { id: viewer.id }, select: { family_id: true } });
  if (!current?.family_id) throw notFound(MEMBER_NOT_FOUND);
  const members = await lockFamily(tx, current.family_id);
  const me = members.find((member) => member.id === viewer.id);
  // Removed from this family between the two reads (by a parallel change): whoever they named is
  // no longer in the caller's family.
  if (!me) throw notFound(MEMBER_NOT_FOUND);
  return { members, me, familyId: current.family_id };
}

const isAdmin = (member: Member) => member.family_role === "admin";

function findMember(members: Member[], memberId: string) {
  const member = UUID_PATTERN.test(memberId) ? members.find((candidate) => candidate.id === memberId) : undefined;
  if (!member) throw notFound(MEMBER_NOT_FOUND);
  return member;
}

async function transaction<T>(work: (tx: Transaction) => Promise<T>) {
  const prisma = await getDb();
  return prisma.$transaction(work, { timeout: 30_000, maxWait: 30_000 });
}

/** An admin makes a member admin, or an admin (themselves included) a member again; never the last admin. */
export async function changeFamilyRole({ viewer, memberId, change }: { viewer: UserDto; memberId: string; change: FamilyRoleChange }) {
  return transaction(async (tx) => {
    const { members, me } = await lockCallersFamily(tx, viewer);
    const member = findMember(members, memberId);
    if (!isAdmin(me)) throw new AppError("FORBIDDEN", NOT_FAMILY_ADMIN);
    if (change.role === "admin" && isAdmin(member)) throw new AppError("CONFLICT", ALREADY_ADMIN);
    if (change.role === "member" && isAdmin(member) && members.filter(isAdmin).length === 1) throw new AppError("CONFLICT", LAST_ADMIN_STEP_DOWN);
    const row = await tx.user.update({ where: { id: member.id }, data: { family_role: change.role }, select: memberSelect });
    return toFamilyMemberDto(row);
  });
}

/**
 * A member leaves the family: removed by an admin, or of their own accord. They keep their
 * account and everything they wrote, and start a family of their own; what they shared goes with
 * them (out of the Family Book), and tags between them and the family become plain text. Comments,
 * reactions and follow-up questions are not moved: each keeps the family it was said in, so what
 * the family said on their items stays behind, and what they said on the family's items stays
 * the family's (docs/decisions/037-conversations-stay-in-their-family.md).
 *
 * Someone removed must not be able to come straight back: the family's open invite link, which
 * they could read while they were in it, is replaced, and the invitations they sent that are still
 * waiting are revoked. Someone who leaves of their own accord changes neither
 * (docs/decisions/024-leaving-and-the-circle.md).
 */
export async function removeFromFamily({ viewer, memberId }: { viewer: UserDto; memberId: string }) {
  return transaction(async (tx) => {
    const { members, me, familyId } = await lockCallersFamily(tx, viewer);
    const member = findMember(members, memberId);
    const leaving = member.id === me.id;
    if (!leaving && !isAdmin(me)) throw new AppError("FORBIDDEN", NOT_FAMILY_ADMIN);
    if (leaving) {
      if (members.length === 1) throw new AppError("CONFLICT", ONLY_MEMBER_LEAVE);
      if (isAdmin(me) && members.filter(isAdmin).length === 1) throw new AppError("CONFLICT", LAST_ADMIN_LEAVE);
    }
    const outcome: RemovalOutcome = { invite_link_replaced: false, invitations_revoked: 0 };
    if (!leaving) {
      // Before detachFromFamily forgets who sent them.
      outcome.invitations_revoked = await revokeInvitationsSentBy(tx, { familyId, inviterId: member.id });
      outcome.invite_link_replaced = await replaceOpenFamilyInvite(tx, { familyId, adminId: me.id });
    }
    await detachFromFamily(tx, member, familyId);
    const family = await tx.family.create({ data: { name: null }, select: { id: true } });
    await tx.user.update({ where: { id: member.id }, data: { family_id: family.id, family_role: "admin" } });
    await tx.memory.updateMany({ where: { user_id: member.id, family_id: familyId }, data: { family_id: family.id } });
    await tx.submission.updateMany({ where: { user_id: member.id, family_id: familyId }, data: { family_id: family.id } });
    await openFirstInvite(tx, family.id, member.id);
    const message = leaving ? LEFT_FAMILY : memberRemovedMessage(fullName(member), outcome);
    return { family_id: family.id, ...outcome, message };
  });
}

/**
 * Undoes what ties a member to a family they leave (removed, or deleting their account): tags
 * between them and the others become plain text, and the family's questionnaires, plans and
 * links no longer name them.
 */
export async function detachFromFamily(tx: Transaction, member: Pick<Member, "id">, familyId: string) {
  // Their tags on the others' memories, and the others' tags on theirs, keep the names as text.
  await tx.$executeRaw`
    UPDATE memory_tags t
       SET tagged_name = tagged.first_name || ' ' || tagged.last_name, tagged_user_id = NULL
      FROM memories m, users tagged
     WHERE m.id = t.memory_id AND tagged.id = t.tagged_user_id AND m.family_id = ${familyId}::uuid
       AND ((t.tagged_user_id = ${member.id}::uuid AND m.user_id IS DISTINCT FROM ${member.id}::uuid)
         OR (m.user_id = ${member.id}::uuid AND t.tagged_user_id <> ${member.id}::uuid))`;
  await tx.questionnaireTarget.deleteMany({ where: { user_id: member.id, questionnaire: { family_id: familyId } } });
  await tx.questionnaire.updateMany({ where: { created_by_id: member.id, family_id: familyId }, data: { created_by_id: null } });
  await tx.weeklyQuestionPlan.deleteMany({ where: { recipient_id: member.id, family_id: familyId } });
  await tx.weeklyQuestionPlan.updateMany({ where: { created_by_id: member.id, family_id: familyId }, data: { created_by_id: null } });
  await tx.familyInvite.updateMany({ where: { created_by_id: member.id, family_id: familyId }, data: { created_by_id: null } });
  await tx.invitation.updateMany({ where: { invited_by_id: member.id, family_id: familyId }, data: { invited_by_id: null } });
}
