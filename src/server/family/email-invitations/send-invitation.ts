import "server-only";
import { normalizeEmail } from "@/lib/schemas/auth";
import { ALREADY_IN_FAMILY, type NewInvitationValues } from "@/lib/schemas/invitations";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { FAMILY_NOT_FOUND } from "@/server/family/invite-links/get-family-invite";
import { getDb } from "@/server/platform/db/client";
import { AppError, notFound } from "@/server/platform/http/app-error";
import { countAndLimit } from "@/server/platform/http/rate-limit";
import { queueInvitationEmail } from "./invitation-email";
import { invitationRules, MAX_WAITING_INVITATIONS, TOO_MANY_WAITING } from "./invitation-limits";
import { newInvitationCode } from "./invitation-rules";
import { getInvitation } from "./list-invitations";

/**
 * A member invites a relative by email. Inviting an address that already has an invitation
 * waiting sends that one again with the new name and note (and a new link: the old one stops).
 * Someone already in the family is not invited; someone with an account elsewhere is, and the
 * email and the register page tell them to sign in instead (docs/decisions/016-invitations-by-email.md).
 */
export async function sendInvitation({ viewer, input, origin }: { viewer: UserDto; input: NewInvitationValues; origin: string }) {
  if (!viewer.family_id) throw notFound(FAMILY_NOT_FOUND);
  const familyId = viewer.family_id;
  const emailNormalized = normalizeEmail(input.email);
  await countAndLimit(invitationRules.bySender, viewer.id);
  await countAndLimit(invitationRules.byAddress, emailNormalized);

  const prisma = await getDb();
  const member = await prisma.user.findFirst({ where: { email_normalized: emailNormalized, family_id: familyId }, select: { first_name: true } });
  if (member) throw new AppError("CONFLICT", ALREADY_IN_FAMILY(member.first_name), { email: [ALREADY_IN_FAMILY(member.first_name)] });

  const fresh = newInvitationCode();
  const invitation = await prisma.$transaction(async (tx) => {
    const waiting = await tx.invitation.count({
      where: { family_id: familyId, accepted_at: null, revoked_at: null, NOT: { email_normalized: emailNormalized } },
    });
    if (waiting >= MAX_WAITING_INVITATIONS) throw new AppError("CONFLICT", TOO_MANY_WAITING);
    // One waiting invitation per address in a family, whoever sends it: the partial unique index
    // decides between two members inviting the same relative at the same moment.
    const rows = await tx.$queryRaw<{ id: string }[]>`
      INSERT INTO invitations (id, family_id, invited_by_id, first_name, email, email_normalized, note, code_hash, sent_at, expires_at)
      VALUES (gen_random_uuid(), ${familyId}::uuid, ${viewer.id}::uuid, ${input.first_name}, ${input.email}, ${emailNormalized},
              ${input.note}, ${fresh.code_hash}, ${fresh.sent_at}, ${fresh.expires_at})
      ON CONFLICT (family_id, email_normalized) WHERE accepted_at IS NULL AND revoked_at IS NULL
      DO UPDATE SET invited_by_id = EXCLUDED.invited_by_id, first_name = EXCLUDED.first_name, email = EXCLUDED.email,
                    note = EXCLUDED.note, code_hash = EXCLUDED.code_hash, sent_at = EXCLUDED.sent_at, expires_at = EXCLUDED.expires_at
      RETURNING id::text AS id`;
    return getInvitation(tx, { viewer, id: rows[0]!.id });
  });
  if (!invitation) throw notFound();
  await queueInvitationEmail({ invitationId: invitation.id, code: fresh.code, origin });
  return invitation;
}
