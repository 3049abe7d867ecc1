import "server-only";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { queueEmail } from "@/server/platform/email/queue-email";

/** The emailed confirmation of an account without a password: a link to /delete-account with the token. */
export async function queueDeletionEmail({ user, token, origin }: { user: UserDto; token: string; origin: string }) {
  await queueEmail({
    template: "delete-account",
    to: { userId: user.id },
    props: { firstName: user.first_name, confirmUrl: `${origin}/delete-account?token=${encodeURIComponent(token)}` },
    origin,
  });
}
