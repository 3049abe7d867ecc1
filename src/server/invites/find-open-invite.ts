import "server-only";
import { looksLikeInviteCode } from "@/lib/schemas/invites";
import { getDb } from "@/server/db/client";
import { openInviteWhere } from "./invite-rules";

/** What someone holding an invite may learn before they accept it: whose family, who invited. */
export type InvitePreview = { code: string; family_name: string | null; invited_by: string | null };

/**
 * The invite behind a code, if it can still be used; null for an unknown, expired or revoked one
 * (told apart to nobody). Only the family's name and the inviter's first name come out.
 */
export async function findOpenInvite(code: string | null | undefined): Promise<InvitePreview | null> {
  if (!looksLikeInviteCode(code)) return null;
  const prisma = await getDb();
  const invite = await prisma.familyInvite.findFirst({
    where: { code, ...openInviteWhere() },
    select: { code: true, family: { select: { name: true } }, created_by: { select: { first_name: true } } },
  });
  if (!invite) return null;
  return { code: invite.code, family_name: invite.family.name, invited_by: invite.created_by?.first_name ?? null };
}
