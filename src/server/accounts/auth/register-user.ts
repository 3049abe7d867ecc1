import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { EMAIL_TAKEN, normalizeEmail, type RegisterValues } from "@/lib/schemas/auth";
import { INVALID_INVITE } from "@/lib/schemas/invites";
import { toUserDto } from "@/server/accounts/users/user-dto";
import { findOpenInvite } from "@/server/family/invite-links/find-open-invite";
import { joinOrStartFamily } from "@/server/family/invite-links/join-or-start-family";
import { announceNewRelative } from "@/server/family/members/relative-joined-emails";
import { getDb } from "@/server/platform/db/client";
import { AppError } from "@/server/platform/http/app-error";
import { countAndLimit } from "@/server/platform/http/rate-limit";
import { queueConfirmationEmail } from "./email-verification";
import { hashPassword } from "./password";
import { registrationRules } from "./registration-limits";
import { createSession } from "./sessions";

export { INVALID_INVITE };

/**
 * Creates an account. Without a family_id the person starts a new family; with one (an invite
 * code, docs/decisions/008-invites.md) they join the invite's family. An unknown, expired or
 * revoked invite is refused, never silently replaced by a new family.
 */
export async function registerUser({
  input: parsed,
  address,
  origin,
  userAgent,
}: {
  input: RegisterValues;
  address: string;
  /** Where links in emails to the family point (APP_URL, or this request's origin). */
  origin: string;
  userAgent?: string | null;
}) {
  // Relatives joining through one invite often sign up together on one home network; new
  // families from one address are rarer (docs/decisions/010-sign-in-throttling.md).
  if (parsed.family_id) await countAndLimit(registrationRules.joinsByInviteAndAddress, `${parsed.family_id}|${address}`);
  else await countAndLimit(registrationRules.newFamiliesByAddress, address);
  await countAndLimit(registrationRules.byAccount, parsed.email);

  // Refused before the password is hashed; checked again, under a lock, as the account is made.
  if (parsed.family_id !== undefined && !(await findOpenInvite(parsed.family_id))) {
    throw new AppError("BAD_REQUEST", INVALID_INVITE, { family_id: [INVALID_INVITE] });
  }
  const emailNormalized = normalizeEmail(parsed.email);
  const prisma = await getDb();
  if (await prisma.user.findUnique({ where: { email_normalized: emailNormalized }, select: { id: true } })) {
    throw new AppError("CONFLICT", EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
  }
  const passwordHash = await hashPassword(parsed.password);

  let user;
  try {
    user = await prisma.$transaction((tx) =>
      joinOrStartFamily(tx, {
        inviteCode: parsed.family_id,
        familyName: `The ${parsed.last_name} Family`,
        account: {
          email: parsed.email,
          email_normalized: emailNormalized,
          password_hash: passwordHash,
          first_name: parsed.first_name,
          last_name: parsed.last_name,
        },
      }),
    );
  } catch (error) {
    // Two registrations of one address at the same moment: the database's unique key decides.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new AppError("CONFLICT", EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
    }
    throw error;
  }

  if (parsed.family_id) await announceNewRelative({ newMemberId: user.id, origin });
  if (!user.email_verified_at) await queueConfirmationEmail({ userId: user.id, origin });
  const session = await createSession({ userId: user.id, userAgent });
  return { user: toUserDto(user), ...session };
}
