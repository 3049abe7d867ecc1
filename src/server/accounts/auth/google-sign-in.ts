import "server-only";
import { normalizeEmail } from "@/lib/schemas/auth";
import { plainTextProblem } from "@/lib/schemas/text";
import { toUserDto } from "@/server/accounts/users/user-dto";
import { joinOrStartFamily } from "@/server/family/invite-links/join-or-start-family";
import { announceNewRelative } from "@/server/family/members/relative-joined-emails";
import { now } from "@/server/platform/clock";
import { getDb } from "@/server/platform/db/client";
import { createSession } from "./sessions";

export type GoogleIdentity = { email: string; firstName?: string | null; lastName?: string | null };

/** What a new person answered on the confirmation page: join the invite they saw, or start a family. */
export type FamilyChoice = { join: string } | "own-family";

export type GoogleSignInResult =
  | { status: "signed-in"; user: ReturnType<typeof toUserDto>; token: string; expiresAt: Date }
  /** A new address arrived with a remembered invite: nothing was created, the person must choose. */
  | { status: "choose-family" };

/** A name Google gave, if it is one line of plain text (the rule every other name follows). */
function usableName(name: string | null | undefined) {
  const trimmed = name?.trim().slice(0, 100);
  return trimmed && !plainTextProblem(trimmed, "Name") ? trimmed : undefined;
}

/**
 * Signs in the person Google vouched for (a verified address). An address that already has an
 * account signs in to it (an invite never moves an existing member). A new address gets an
 * account, but never in an invited family without being asked first (docs/decisions/008-invites.md):
 * with a remembered invite and no choice yet, nothing is created and the person is asked.
 */
export async function signInWithGoogle({
  identity,
  rememberedInvite,
  choice,
  origin,
  userAgent,
}: {
  identity: GoogleIdentity;
  rememberedInvite?: string;
  choice?: FamilyChoice;
  /** Where links in emails to the family point (APP_URL, or this request's origin). */
  origin: string;
  userAgent?: string | null;
}): Promise<GoogleSignInResult> {
  const email = identity.email.trim();
  const emailNormalized = normalizeEmail(email);
  const prisma = await getDb();
  let user = await prisma.user.findUnique({ where: { email_normalized: emailNormalized } });
  if (!user) {
    if (choice === undefined && rememberedInvite) return { status: "choose-family" };
    const firstName = usableName(identity.firstName) ?? email.split("@")[0]!;
    const lastName = usableName(identity.lastName) ?? "";
    user = await prisma.$transaction((tx) =>
      joinOrStartFamily(tx, {
        inviteCode: typeof choice === "object" ? choice.join : undefined,
        familyName: lastName ? `The ${lastName} Family` : null,
        // Google vouches for the address (docs/decisions/017-verified-addresses.md).
        account: { email, email_normalized: emailNormalized, first_name: firstName, last_name: lastName, email_verified_at: now() },
      }),
    );
    if (typeof choice === "object") await announceNewRelative({ newMemberId: user.id, origin });
  }
  const session = await createSession({ userId: user.id, userAgent });
  return { status: "signed-in", user: toUserDto(user), ...session };
}
