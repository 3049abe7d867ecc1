import "server-only";
import { loginSchema } from "@/lib/schemas/auth";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/http/app-error";
import { assertNotLimited, clearCount, countEvent, loginFailuresByAccount, loginFailuresByAddress } from "@/server/http/rate-limit";
import { toUserDto } from "@/server/users/user-dto";
import { spendPasswordCheckTime, verifyPassword } from "./password";
import { createSession } from "./sessions";

// The same answer, after the same work, whether the email is unknown or the password wrong.
export const INVALID_CREDENTIALS = "Invalid email or password.";

export async function logIn({ input, address, userAgent }: { input: unknown; address: string; userAgent?: string | null }) {
  const parsed = loginSchema.parse(input);
  const account = parsed.email.toLowerCase();
  await assertNotLimited(loginFailuresByAddress, address);
  await assertNotLimited(loginFailuresByAccount, account);

  const prisma = await getDb();
  const user = await prisma.user.findUnique({ where: { email_normalized: account } });
  let valid = false;
  if (user?.password_hash) valid = await verifyPassword(parsed.password, user.password_hash);
  else await spendPasswordCheckTime(parsed.password);

  if (!user || !valid) {
    await countEvent(loginFailuresByAddress, address);
    await countEvent(loginFailuresByAccount, account);
    throw new AppError("UNAUTHORIZED", INVALID_CREDENTIALS);
  }
  await clearCount(loginFailuresByAccount, account);
  const session = await createSession({ userId: user.id, userAgent });
  return { user: toUserDto(user), ...session };
}
