import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { registerSchema, UUID_PATTERN } from "@/lib/schemas/auth";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/http/app-error";
import { countAndLimit, registrationsByAccount, registrationsByAddress } from "@/server/http/rate-limit";
import { toUserDto } from "@/server/users/user-dto";
import { hashPassword } from "./password";
import { createSession } from "./sessions";

export const EMAIL_TAKEN = "An account with this email is already registered.";
export const INVALID_INVITE = "This invite link is not valid. Please ask your relative to send it again.";

/**
 * Creates an account. Without a family id the person starts a new family; with one they join
 * it. An unknown family is refused, never silently replaced by a new one.
 */
export async function registerUser({ input, address, userAgent }: { input: unknown; address: string; userAgent?: string | null }) {
  await countAndLimit(registrationsByAddress, address);
  const parsed = await registerSchema.parseAsync(input);
  await countAndLimit(registrationsByAccount, parsed.email);

  if (parsed.family_id !== undefined && !UUID_PATTERN.test(parsed.family_id)) {
    throw new AppError("BAD_REQUEST", INVALID_INVITE, { family_id: [INVALID_INVITE] });
  }
  const emailNormalized = parsed.email.toLowerCase();
  const prisma = await getDb();
  if (await prisma.user.findUnique({ where: { email_normalized: emailNormalized }, select: { id: true } })) {
    throw new AppError("CONFLICT", EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
  }
  const passwordHash = await hashPassword(parsed.password);

  let user;
  try {
    user = await prisma.$transaction(async (tx) => {
      let familyId = parsed.family_id;
      if (familyId) {
        const family = await tx.family.findUnique({ where: { id: familyId }, select: { id: true } });
        if (!family) throw new AppError("BAD_REQUEST", INVALID_INVITE, { family_id: [INVALID_INVITE] });
      } else {
        familyId = (await tx.family.create({ data: { name: `The ${parsed.last_name} Family` }, select: { id: true } })).id;
      }
      return tx.user.create({
        data: {
          email: parsed.email,
          email_normalized: emailNormalized,
          password_hash: passwordHash,
          first_name: parsed.first_name,
          last_name: parsed.last_name,
          family_id: familyId,
        },
      });
    });
  } catch (error) {
    // Two registrations of one address at the same moment: the database's unique key decides.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new AppError("CONFLICT", EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
    }
    throw error;
  }

  const session = await createSession({ userId: user.id, userAgent });
  return { user: toUserDto(user), ...session };
}
