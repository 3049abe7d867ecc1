import "server-only";
import type { EmailPreferenceKind } from "@/lib/email-preferences";
import { getDb } from "@/server/platform/db/client";
import { AppError } from "@/server/platform/http/app-error";
import { changeEmailPreferences } from "./change-email-preferences";
import { readUnsubscribeToken } from "./unsubscribe-token";

export const INVALID_UNSUBSCRIBE_LINK =
  "This unsubscribe link is not valid. Please use the link from the email as it is, or sign in and change your email settings.";

/**
 * Turns the kind of email an unsubscribe link names off (or, to undo it, back on) for the member
 * it names, without a sign-in: the signed token is the permission (docs/decisions/013-email.md).
 */
export async function setSubscriptionByToken({
  token,
  enabled,
}: {
  token: unknown;
  enabled: boolean;
}): Promise<{ kind: EmailPreferenceKind; enabled: boolean }> {
  const subject = await findUnsubscribeSubject(token);
  if (!subject) throw new AppError("BAD_REQUEST", INVALID_UNSUBSCRIBE_LINK, { token: [INVALID_UNSUBSCRIBE_LINK] });
  await changeEmailPreferences({ userId: subject.userId, changes: { [subject.kind]: enabled } });
  return { kind: subject.kind, enabled };
}

/** The member and kind a link names, if it is a link we signed for someone who still has an account. */
export async function findUnsubscribeSubject(token: unknown) {
  const subject = readUnsubscribeToken(token);
  if (!subject) return null;
  const prisma = await getDb();
  const user = await prisma.user.findUnique({ where: { id: subject.userId }, select: { id: true } });
  return user ? subject : null;
}
