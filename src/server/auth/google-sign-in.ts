import "server-only";
import { UUID_PATTERN } from "@/lib/schemas/auth";
import { plainTextProblem } from "@/lib/schemas/text";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/http/app-error";
import { toUserDto } from "@/server/users/user-dto";
import { INVALID_INVITE } from "./register-user";
import { createSession } from "./sessions";

export type GoogleIdentity = { email: string; firstName?: string | null; lastName?: string | null };

/** A name Google gave, if it is one line of plain text (the rule every other name follows). */
function usableName(name: string | null | undefined) {
  const trimmed = name?.trim().slice(0, 100);
  return trimmed && !plainTextProblem(trimmed, "Name") ? trimmed : undefined;
}

/**
 * Signs in the person Google vouched for (a verified address). An address that already has an
 * account signs in to it; a new one gets an account, joining the invite's family or a new one.
 */
export async function signInWithGoogle({
  identity,
  inviteFamilyId,
  userAgent,
}: {
  identity: GoogleIdentity;
  inviteFamilyId?: string;
  userAgent?: string | null;
}) {
  const email = identity.email.trim();
  const emailNormalized = email.toLowerCase();
  const prisma = await getDb();
  let user = await prisma.user.findUnique({ where: { email_normalized: emailNormalized } });
  if (!user) {
    const firstName = usableName(identity.firstName) ?? email.split("@")[0]!;
    const lastName = usableName(identity.lastName) ?? "";
    user = await prisma.$transaction(async (tx) => {
      let familyId: string;
      if (inviteFamilyId) {
        const family = UUID_PATTERN.test(inviteFamilyId)
          ? await tx.family.findUnique({ where: { id: inviteFamilyId }, select: { id: true } })
          : null;
        if (!family) throw new AppError("BAD_REQUEST", INVALID_INVITE);
        familyId = family.id;
      } else {
        familyId = (await tx.family.create({ data: { name: lastName ? `The ${lastName} Family` : null }, select: { id: true } })).id;
      }
      return tx.user.create({
        data: { email, email_normalized: emailNormalized, first_name: firstName, last_name: lastName, family_id: familyId },
      });
    });
  }
  const session = await createSession({ userId: user.id, userAgent });
  return { user: toUserDto(user), ...session };
}
