import "server-only";
import type { Prisma } from "@/generated/prisma/client";

// Where a person's answers to a questionnaire go (docs/product.md §5, "One answer at a time"). A
// questionnaire that takes one set of answers per person keeps them in that one set, however they
// come: the whole form, one answer on Ask a Question, a weekly question by link or by reply. One
// that takes many sets gets a new set each time. Callers hold lockAnswerSets first, so two answers
// arriving together never make two sets.

type Transaction = Prisma.TransactionClient;

/** Serialises every answer of one person to one questionnaire until the transaction ends. */
export async function lockAnswerSets(tx: Transaction, personId: string, questionnaireId: string) {
  await tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtext(${`submission:${personId}:${questionnaireId}`}))) AS acquired`;
}

/**
 * The person's one set of answers to a questionnaire that takes one set, with the questions it
 * answers; null when they have none yet, and always for a questionnaire that takes many.
 */
export async function findOnlyAnswerSet(
  tx: Transaction,
  { personId, questionnaire }: { personId: string; questionnaire: { id: string; allow_multiple_responses: boolean } },
) {
  if (questionnaire.allow_multiple_responses) return null;
  const set = await tx.submission.findFirst({
    where: { questionnaire_id: questionnaire.id, user_id: personId },
    orderBy: { created_at: "asc" },
    select: { id: true, responses: { select: { question_id: true } } },
  });
  return set ? { id: set.id, answered: new Set(set.responses.map((response) => response.question_id)) } : null;
}

/**
 * A set is finished once every required question has an answer: the whole form always leaves it so
 * (only optional questions may be skipped there), while a set begun one answer at a time stays open
 * on the questionnaire's page for the questions it still lacks.
 */
export function setIsFinished(questions: { id: string; is_required: boolean }[], answered: ReadonlySet<string>) {
  return questions.every((question) => !question.is_required || answered.has(question.id));
}
