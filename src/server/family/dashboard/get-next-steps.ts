import "server-only";
import { z } from "zod";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { getDb } from "@/server/platform/db/client";

// The dashboard's first steps (docs/product.md §2 Family Dashboard): write a memory, answer a
// question, invite someone. Each counts only what the viewer did themself.

export const nextStepIds = ["memory", "answer", "invite"] as const;
export type NextStepId = (typeof nextStepIds)[number];

export const nextStepsDtoSchema = z.strictObject({
  steps: z.array(z.strictObject({ id: z.enum(nextStepIds), done: z.boolean() })),
  done: z.number().int().min(0),
  total: z.number().int().min(1),
});

export type NextStepsDto = z.output<typeof nextStepsDtoSchema>;

/**
 * Which first steps the viewer has taken: a memory of their own written; a questionnaire answered;
 * someone invited — an invitation by email sent, or a relative who joined the family after them
 * (through the link they could share). A relative's memories, answers or invitations never count.
 */
export async function getNextSteps({ viewer }: { viewer: UserDto }): Promise<NextStepsDto> {
  const prisma = await getDb();
  const { created_at: joinedAt } = await prisma.user.findUniqueOrThrow({ where: { id: viewer.id }, select: { created_at: true } });
  const [memory, submission, invitation, joinedLater] = await Promise.all([
    prisma.memory.findFirst({ where: { user_id: viewer.id }, select: { id: true } }),
    prisma.submission.findFirst({ where: { user_id: viewer.id }, select: { id: true } }),
    prisma.invitation.findFirst({ where: { invited_by_id: viewer.id }, select: { id: true } }),
    viewer.family_id
      ? prisma.user.findFirst({ where: { family_id: viewer.family_id, id: { not: viewer.id }, created_at: { gt: joinedAt } }, select: { id: true } })
      : null,
  ]);
  const done: Record<NextStepId, boolean> = { memory: memory !== null, answer: submission !== null, invite: invitation !== null || joinedLater !== null };
  const steps = nextStepIds.map((id) => ({ id, done: done[id] }));
  return { steps, done: steps.filter((step) => step.done).length, total: steps.length };
}
