import "server-only";
import { RESET_LINK_EXPIRED, RESET_LINK_INVALID, RESET_LINK_USED } from "@/lib/schemas/auth";
import * as clock from "@/server/platform/clock";
import { getDb } from "@/server/platform/db/client";
import { AppError } from "@/server/platform/http/app-error";
import { hashToken } from "./sessions";

export type UsablePasswordReset = {
  id: string;
  user: { id: string; email: string; first_name: string; last_name: string };
};

/**
 * The reset link a token belongs to, if it can still be used; otherwise a 400 saying why: not a
 * link we made (mistyped, cut short or changed), already used, or more than an hour old.
 */
export async function findUsablePasswordReset(token: string, now = clock.now()): Promise<UsablePasswordReset> {
  const refuse = (message: string) => new AppError("BAD_REQUEST", message, { token: [message] });
  if (!token || token.length > 200) throw refuse(RESET_LINK_INVALID);
  const prisma = await getDb();
  const reset = await prisma.passwordReset.findUnique({
    where: { token_hash: hashToken(token) },
    select: { id: true, used_at: true, expires_at: true, user: { select: { id: true, email: true, first_name: true, last_name: true } } },
  });
  if (!reset) throw refuse(RESET_LINK_INVALID);
  if (reset.used_at) throw refuse(RESET_LINK_USED);
  if (reset.expires_at <= now) throw refuse(RESET_LINK_EXPIRED);
  return { id: reset.id, user: reset.user };
}
