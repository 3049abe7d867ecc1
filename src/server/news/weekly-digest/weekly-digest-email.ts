import "server-only";
import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import { answerWords } from "@/lib/answer-words";
import { fullName } from "@/lib/people";
import { authorProfile } from "@/server/family/members/former-member";
import { sharedWith } from "@/server/memories/memory-visibility";
import { getDb } from "@/server/platform/db/client";
import { deliverEmail } from "@/server/platform/email/deliver-email";
import type { InlineImage } from "@/server/platform/email/mail-transport";
import { messageIdFor } from "@/server/platform/email/message-id";
import { ANSWER_EXCERPT_LENGTH } from "@/server/platform/email/templates/weekly-digest-email";
import sharp from "@/server/platform/images/sharp";
import { defineJob } from "@/server/platform/jobs/job-definition";
import { getStorage } from "@/server/platform/storage";
import { visibleAnswersWhere } from "@/server/questions/questionnaires/answer-visibility";

// One member's weekly family digest (docs/product.md §14, docs/decisions/021-weekly-digest.md):
// what others in the family shared between the last digest that went out (or when the member
// joined) and this week's digest moment, read with the Family Book's own visibility rules. Nothing
// new: no email, and the next digest starts from the same point. The Message-ID names the digest,
// so a job that runs again sends nothing; deliverEmail respects the "Weekly family digest" setting
// and sends nothing to an unconfirmed address. Thumbnails are read from storage here and travel
// inside the email, never as links (photos are private).

const schema = z.strictObject({ digestId: z.uuid() });

/** How many memories, and how many answers, the email lists; the rest are counted. */
export const DIGEST_LIST_LIMIT = 10;

/** Digests whose list a later digest starts after: those that went out, or were decided not to (settings, address). */
const COVERED_STATUSES = ["sent", "turned-off", "unconfirmed-address"];

const excerpt = (text: string) => (text.length > ANSWER_EXCERPT_LENGTH ? `${text.slice(0, ANSWER_EXCERPT_LENGTH - 1).trimEnd()}…` : text);

export async function sendWeeklyDigest({ digestId }: z.output<typeof schema>, now: Date) {
  const prisma = await getDb();
  const digest = await prisma.weeklyDigest.findUnique({
    where: { id: digestId },
    select: { id: true, week_of: true, origin: true, status: true, user: { select: { id: true, first_name: true, family_id: true, created_at: true } } },
  });
  if (!digest) return { status: "no-digest" };
  if (digest.status) return { status: "already-finished" };
  const { user } = digest;

  const previous = await prisma.weeklyDigest.findFirst({
    where: { user_id: user.id, week_of: { lt: digest.week_of }, status: { in: COVERED_STATUSES } },
    orderBy: { week_of: "desc" },
    select: { week_of: true },
  });
  const since = previous?.week_of ?? user.created_at;
  const window = { gt: since, lte: digest.week_of };
  const viewer = { id: user.id, family_id: user.family_id };

  // The Family Book's rules (memory-visibility.ts, answer-visibility.ts), less the member's own.
  const memoryWhere: Prisma.MemoryWhereInput = {
    AND: [sharedWith(viewer), { OR: [{ user_id: { not: user.id } }, { user_id: null }] }, { created_at: window }],
  };
  const visibleAnswers = visibleAnswersWhere(viewer);
  const answerWhere: Prisma.ResponseWhereInput | null = visibleAnswers && {
    AND: [visibleAnswers, { submission: { OR: [{ user_id: { not: user.id } }, { user_id: null }] } }, { created_at: window }],
  };

  const [memories, memoryCount, answers, answerCount] = await Promise.all([
    prisma.memory.findMany({
      where: memoryWhere,
      orderBy: [{ created_at: "desc" }, { id: "desc" }],
      take: DIGEST_LIST_LIMIT,
      select: {
        id: true,
        title: true,
        author_name: true,
        user: { select: { first_name: true, last_name: true } },
        memory_photos: { orderBy: { order_number: "asc" }, take: 1, select: { thumbnail_key: true } },
      },
    }),
    prisma.memory.count({ where: memoryWhere }),
    answerWhere
      ? prisma.response.findMany({
          where: answerWhere,
          orderBy: [{ created_at: "desc" }, { id: "desc" }],
          take: DIGEST_LIST_LIMIT,
          select: {
            answer_text: true,
            recording: { select: { transcript: true } },
            question: { select: { question_text: true } },
            submission: { select: { author_name: true, user: { select: { first_name: true, last_name: true } } } },
          },
        })
      : [],
    answerWhere ? prisma.response.count({ where: answerWhere }) : 0,
  ]);

  const finish = (status: string) =>
    prisma.weeklyDigest.updateMany({
      where: { id: digest.id, status: null },
      data: { status, since, memory_count: memoryCount, answer_count: answerCount, finished_at: now },
    });
  if (memoryCount === 0 && answerCount === 0) {
    await finish("nothing-new");
    return { status: "nothing-new" };
  }

  // Each memory's first photo, as its thumbnail, made a JPEG (WebP, the stored variant, is not
  // shown by every mail program); a file that is missing leaves the memory without a picture.
  const images: InlineImage[] = [];
  const listed = [];
  for (const [index, memory] of memories.entries()) {
    const key = memory.memory_photos[0]?.thumbnail_key;
    const stored = key ? await getStorage().get(key) : null;
    let imageCid: string | null = null;
    if (stored) {
      imageCid = `memory-${index + 1}.${digest.id}@family-book`;
      const content = await sharp(stored.body).jpeg({ quality: 80 }).toBuffer();
      images.push({ cid: imageCid, filename: `memory-${index + 1}.jpg`, contentType: "image/jpeg", content });
    }
    listed.push({ title: memory.title, author: fullName(authorProfile(memory.user, memory.author_name)), imageCid });
  }

  const outcome = await deliverEmail(
    {
      messageId: messageIdFor(`weekly-digest.${digest.id}`),
      template: "weekly-digest",
      to: { userId: user.id },
      props: {
        firstName: user.first_name,
        memories: listed,
        moreMemories: memoryCount - memories.length,
        answers: answers.map((answer) => ({
          author: fullName(authorProfile(answer.submission.user, answer.submission.author_name)),
          questionText: answer.question.question_text,
          answerText: excerpt(answerWords(answer.answer_text, answer.recording)),
        })),
        moreAnswers: answerCount - answers.length,
        memoriesUrl: `${digest.origin}/family-book`,
        answersUrl: `${digest.origin}/family-book?tab=responses`,
      },
      origin: digest.origin,
    },
    { inlineImages: async () => images },
  );
  const status = outcome.status === "already-sent" ? "sent" : outcome.status;
  await finish(status);
  return { status };
}

export const weeklyDigestEmailJob = defineJob({
  name: "weekly-digest-email",
  schema,
  handler: (data, attempt) => sendWeeklyDigest(data, attempt.now),
  retryLimit: 8,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
  // One waiting and one running per digest: the scheduler may queue it on every run.
  policy: "stately",
});
