import "server-only";
import { randomBytes } from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";
import { hashToken } from "@/server/accounts/auth/sessions";
import { linkExpiresAt } from "./send-times";

// The links that answer one week's question without a password (docs/decisions/019-weekly-questions.md):
// 256 random bits, only the SHA-256 kept, scoped to one send (one question for one person), valid
// 14 days, answering once. Each email that carries the question carries a link of its own.

export type AnswerLinkPurpose = "email" | "reminder" | "unreadable-reply";

export async function issueAnswerLink(
  tx: Prisma.TransactionClient,
  { sendId, purpose, now, origin }: { sendId: string; purpose: AnswerLinkPurpose; now: Date; origin: string },
) {
  const token = randomBytes(32).toString("base64url");
  await tx.weeklyQuestionToken.create({ data: { send_id: sendId, token_hash: hashToken(token), purpose, expires_at: linkExpiresAt(now) } });
  // The token is also what the email's reply address carries (docs/decisions/022-answers-by-reply.md).
  return { token, url: `${origin}/answer?token=${token}` };
}
