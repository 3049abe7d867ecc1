import { POST as startPlan } from "@/app/api/weekly-questions/route";
import { getDb } from "@/server/platform/db/client";
import { issueAnswerLink } from "@/server/questions/weekly-questions/answer-links";
import { createAccount } from "./accounts";
import { call } from "./api";

// A weekly question sent, without the scheduler or an email: the send and its answer link, as the
// weekly email would carry it (src/server/questions/weekly-questions/weekly-question-email.ts), for tests of
// what happens once a weekly question is answered.

export async function issueAnswerLinkForTests(planId: string) {
  const prisma = await getDb();
  const plan = await prisma.weeklyQuestionPlan.findUniqueOrThrow({ where: { id: planId }, select: { origin: true } });
  const question = await prisma.question.findFirstOrThrow({
    where: { questionnaire: { audience: "GLOBAL" } },
    orderBy: [{ questionnaire: { library_position: "asc" } }, { position: "asc" }],
    select: { id: true },
  });
  return prisma.$transaction(async (tx) => {
    const send = await tx.weeklyQuestionSend.create({
      data: { plan_id: planId, question_id: question.id, scheduled_for: new Date(), emailed_at: new Date(), email_status: "sent" },
    });
    return (await issueAnswerLink(tx, { sendId: send.id, purpose: "email", now: new Date(), origin: plan.origin })).token;
  });
}

/** Someone who set up weekly questions for themselves, and the link of the question sent to them (not yet answered). */
export async function weeklyQuestionLinkForTests() {
  const grandma = await createAccount({ firstName: "Rose", lastName: "Hughes" });
  const plan = await call(startPlan, "/api/weekly-questions", {
    token: grandma.token,
    body: { recipient_id: grandma.user.id, source: "surprise", weekday: 1, hour: 9, time_zone: "UTC" },
  });
  if (plan.status !== 201) throw new Error(`Setting up weekly questions failed: ${plan.status} ${JSON.stringify(plan.body)}`);
  const token = await issueAnswerLinkForTests(plan.body.data.plan.id as string);
  return { grandma, token };
}
