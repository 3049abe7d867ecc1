import "server-only";
import { isTooEasyToGuess, PASSWORD_TOO_EASY } from "@/lib/passwords/password-rule";
import { GOOGLE_ACCOUNT_PASSWORD, PASSWORD_CHANGED, WRONG_PASSWORD, type ChangePasswordValues } from "@/lib/schemas/auth";
import * as clock from "@/server/platform/clock";
import { getDb } from "@/server/platform/db/client";
import { AppError } from "@/server/platform/http/app-error";
import { countAndLimit, tryAgain, type RateLimitRule } from "@/server/platform/http/rate-limit";
import { hashPassword, spendPasswordCheckTime, verifyPassword } from "./password";
import type { ActiveSession } from "./sessions";

export const changePasswordRules = {
  /**
   * Attempts for one account, from any of its sessions: each checks the current password, so a
   * session left open on a shared computer cannot be used to guess it.
   */
  attemptsByAccount: {
    name: "change-password-account",
    limit: 10,
    windowSeconds: 60 * 60,
    message: (minutes: number) => `Too many attempts to change the password. ${tryAgain(minutes)}`,
  },
} satisfies Record<string, RateLimitRule>;

const wrongPassword = () => new AppError("BAD_REQUEST", WRONG_PASSWORD, { current_password: [WRONG_PASSWORD] });

/**
 * Settings → Change password (docs/product.md §4): the current password proves it is the person;
 * the new one follows the registration rule with the member's own names and email as easy
 * guesses (docs/decisions/011-password-rule.md). Every other session of the account ends — a
 * password is usually changed because someone else may know it — while the one that asked goes
 * on, and open reset links close, as after a reset.
 */
export async function changePassword({ session, input }: { session: ActiveSession; input: ChangePasswordValues }): Promise<{ message: string }> {
  const userId = session.user.id;
  await countAndLimit(changePasswordRules.attemptsByAccount, userId);
  const prisma = await getDb();
  const account = await prisma.user.findUniqueOrThrow({
    where: { id: userId },
    select: { password_hash: true, first_name: true, last_name: true, email: true },
  });
  if (!account.password_hash) {
    await spendPasswordCheckTime(input.current_password);
    throw new AppError("BAD_REQUEST", GOOGLE_ACCOUNT_PASSWORD);
  }
  if (!(await verifyPassword(input.current_password, account.password_hash))) throw wrongPassword();
  if (await isTooEasyToGuess(input.new_password, account)) {
    throw new AppError("BAD_REQUEST", PASSWORD_TOO_EASY, { new_password: [PASSWORD_TOO_EASY] });
  }
  const passwordHash = await hashPassword(input.new_password);

  const now = clock.now();
  await prisma.$transaction(async (tx) => {
    // Only over the password just checked: of two changes sent at once with it, the second finds
    // it changed, and is told so like any other wrong current password.
    const changed = await tx.user.updateMany({ where: { id: userId, password_hash: account.password_hash }, data: { password_hash: passwordHash } });
    if (changed.count !== 1) throw wrongPassword();
    await tx.passwordReset.updateMany({ where: { user_id: userId, used_at: null }, data: { used_at: now } });
    await tx.session.updateMany({ where: { user_id: userId, revoked_at: null, id: { not: session.sessionId } }, data: { revoked_at: now } });
  });
  return { message: PASSWORD_CHANGED };
}
