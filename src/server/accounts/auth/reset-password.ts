import "server-only";
import { isTooEasyToGuess, PASSWORD_TOO_EASY } from "@/lib/passwords/password-rule";
import { RESET_LINK_USED, type PasswordResetConfirmValues } from "@/lib/schemas/auth";
import { toUserDto } from "@/server/accounts/users/user-dto";
import * as clock from "@/server/platform/clock";
import { getDb } from "@/server/platform/db/client";
import { AppError } from "@/server/platform/http/app-error";
import { countAndLimit } from "@/server/platform/http/rate-limit";
import { findUsablePasswordReset } from "./find-password-reset";
import { hashPassword } from "./password";
import { passwordResetRules } from "./password-reset-limits";
import { createSession } from "./sessions";

/**
 * Sets a new password through a reset link (docs/product.md §4): the link is used up, every other
 * open link of the account closes, every session of the account ends — whoever else was signed
 * in is signed out — and the person is signed in afresh.
 */
export async function resetPassword({ input, address, userAgent }: { input: PasswordResetConfirmValues; address: string; userAgent?: string | null }) {
  await countAndLimit(passwordResetRules.confirmsByAddress, address);
  const reset = await findUsablePasswordReset(input.token);
  await countAndLimit(passwordResetRules.confirmsByAccount, reset.user.id);
  if (await isTooEasyToGuess(input.password, reset.user)) {
    throw new AppError("BAD_REQUEST", PASSWORD_TOO_EASY, { password: [PASSWORD_TOO_EASY] });
  }
  const passwordHash = await hashPassword(input.password);

  const prisma = await getDb();
  const now = clock.now();
  await prisma.$transaction(async (tx) => {
    // Two tabs sending the same link at once: one uses it, the other is told it was used.
    const claimed = await tx.passwordReset.updateMany({ where: { id: reset.id, used_at: null, expires_at: { gt: now } }, data: { used_at: now } });
    if (claimed.count !== 1) throw new AppError("BAD_REQUEST", RESET_LINK_USED, { token: [RESET_LINK_USED] });
    await tx.user.update({ where: { id: reset.user.id }, data: { password_hash: passwordHash } });
    await tx.passwordReset.updateMany({ where: { user_id: reset.user.id, used_at: null }, data: { used_at: now } });
    await tx.session.updateMany({ where: { user_id: reset.user.id, revoked_at: null }, data: { revoked_at: now } });
  });

  const user = await prisma.user.findUniqueOrThrow({ where: { id: reset.user.id } });
  const session = await createSession({ userId: user.id, userAgent });
  return { user: toUserDto(user), ...session };
}
