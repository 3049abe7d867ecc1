import "server-only";
import { normalizeEmail, type LoginValues } from "@/lib/schemas/auth";
import { toUserDto } from "@/server/accounts/users/user-dto";
import { getDb } from "@/server/platform/db/client";
import { AppError } from "@/server/platform/http/app-error";
import { spendPasswordCheckTime, verifyPassword } from "./password";
import { createSession } from "./sessions";
import { admitSignInAttempt, signInSucceeded } from "./sign-in-throttle";

// The same answer, after the same work, whether the email is unknown or the password wrong.
export const INVALID_CREDENTIALS = "Invalid email or password.";

export async function logIn({ input, address, userAgent }: { input: LoginValues; address: string; userAgent?: string | null }) {
  const attempt = { account: normalizeEmail(input.email), address };
  // Counted before the (deliberately slow) password check, so guesses sent together are all counted first.
  await admitSignInAttempt(attempt);

  const prisma = await getDb();
  const user = await prisma.user.findUnique({ where: { email_normalized: attempt.account } });
  let valid = false;
  if (user?.password_hash) valid = await verifyPassword(input.password, user.password_hash);
  else await spendPasswordCheckTime(input.password);

  if (!user || !valid) throw new AppError("UNAUTHORIZED", INVALID_CREDENTIALS);
  await signInSucceeded(attempt);
  const session = await createSession({ userId: user.id, userAgent });
  return { user: toUserDto(user), ...session };
}
