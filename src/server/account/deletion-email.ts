import "server-only";
import { queueEmail } from "@/server/email/queue-email";
import type { UserDto } from "@/server/users/user-dto";

/** The emailed confirmation of an account without a password: a link to /delete-account with the token. */
export async function queueDeletionEmail({ user, token, origin }: { user: UserDto; token: string; origin: string }) {
  await queueEmail({
    template: "delete-account",
    to: { userId: user.id },
    props: { firstName: user.first_name, confirmUrl: `${origin}/delete-account?token=${encodeURIComponent(token)}` },
    origin,
  });
}
