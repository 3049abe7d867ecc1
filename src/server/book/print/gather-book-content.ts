import "server-only";
import { fullName } from "@/lib/people";
import type { BookOptions } from "@/lib/schemas/family-book";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { commentsOpenTo, followUpsOpenTo } from "@/server/conversations/conversation-item";
import { authorProfile, FORMER_MEMBER, tagProfile } from "@/server/family/members/former-member";
import { sameFamilyAs } from "@/server/family/members/viewer-scope";
import { sharedWith } from "@/server/memories/memory-visibility";
import { now } from "@/server/platform/clock";
import { getDb } from "@/server/platform/db/client";
import { notFound } from "@/server/platform/http/app-error";
import { getStorage } from "@/server/platform/storage";
import { answerSharedWhere, visibleSubmissionsWhere } from "@/server/questions/questionnaires/answer-visibility";
import { listenPath, listenTokensFor } from "@/server/recordings/listen-codes";
import { chaptersOf, type BookComment, type BookContent, type BookFollowUp, type BookItem, type BookPhoto } from "./book-content";
import { createLimiter, printPhotoLoader, type PrintSource } from "./print-photos";

// Everything the reader's family has shared, as a book: exactly the memories and answers of the
// Family Book's feeds (the same rules, memories/memory-visibility.ts and
// questions/questionnaires/answer-visibility.ts), oldest first, optionally one member's and one period's.
// A memory's photos and an answer's come with it.

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The cover photo: one the family shared, whatever the book's member and dates. */
async function findCoverPhoto(viewer: UserDto, id: string) {
  const prisma = await getDb();
  const photo = await prisma.memoryPhoto.findFirst({
    where: { id, memory: sharedWith(viewer) },
    select: { id: true, display_key: true, print_key: true, width: true, height: true },
  });
  if (!photo) throw notFound("Photo not found");
  return photo;
}

/** The book of one member: someone in the viewer's family. */
async function assertFamilyMember(viewer: UserDto, id: string) {
  const prisma = await getDb();
  const member = await prisma.user.findFirst({ where: { AND: [{ id }, sameFamilyAs(viewer)] }, select: { id: true } });
  if (!member) throw notFound("Family member not found");
}

/** Refuses choices that name someone outside the family or a photo the family did not share (404, as the book itself would). */
export async function checkBookOptions({ viewer, options }: { viewer: UserDto; options: BookOptions }) {
  if (options.member) await assertFamilyMember(viewer, options.member);
  if (options.cover) await findCoverPhoto(viewer, options.cover);
}

/** The name the book downloads under: the family's name and the day it was made. */
export function bookFileName(content: Pick<BookContent, "title" | "generatedOn">) {
  const slug =
    content.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "family-book";
  return `${slug}-${content.generatedOn}.pdf`;
}

/**
 * The comments on the book's memories and answers, oldest first, by item id: read through the
 * comments' own rule (open to the reader exactly when their item is), one statement for the book.
 */
async function commentsOf(viewer: UserDto, memoryIds: string[], responseIds: string[]) {
  const prisma = await getDb();
  const rows = await prisma.comment.findMany({
    where: { AND: [{ OR: [{ memory_id: { in: memoryIds } }, { response_id: { in: responseIds } }] }, commentsOpenTo(viewer)] },
    orderBy: [{ created_at: "asc" }, { id: "asc" }],
    select: { memory_id: true, response_id: true, body: true, created_at: true, user: { select: { first_name: true, last_name: true } } },
  });
  const byItem = new Map<string, BookComment[]>();
  for (const row of rows) {
    const id = (row.memory_id ?? row.response_id)!;
    const list = byItem.get(id) ?? [];
    list.push({ author: fullName(row.user), date: dayOf(row.created_at), body: row.body });
    byItem.set(id, list);
  }
  return byItem;
}

/**
 * The answered "Tell us more" questions about the book's memories and answers, first answered
 * first, by item id: read through their own rule (the item's, within the family), like the
 * comments. Always printed: the author's answers are part of the story.
 */
async function followUpsOf(viewer: UserDto, memoryIds: string[], responseIds: string[]) {
  const prisma = await getDb();
  const rows = await prisma.followUpQuestion.findMany({
    where: { AND: [{ OR: [{ memory_id: { in: memoryIds } }, { response_id: { in: responseIds } }] }, { answered_at: { not: null } }, followUpsOpenTo(viewer)] },
    orderBy: [{ answered_at: "asc" }, { id: "asc" }],
    select: {
      memory_id: true,
      response_id: true,
      question: true,
      answer: true,
      asker: { select: { first_name: true, last_name: true } },
      recording: { select: { id: true, duration_ms: true, transcript: true } },
    },
  });
  const byItem = new Map<string, (BookFollowUp & { recording: PrintedRecording | null })[]>();
  for (const row of rows) {
    const id = (row.memory_id ?? row.response_id)!;
    const list = byItem.get(id) ?? [];
    list.push({ askedBy: row.asker ? fullName(row.asker) : FORMER_MEMBER, question: row.question, answer: row.answer ?? "", recording: row.recording });
    byItem.set(id, list);
  }
  return byItem;
}

/** What a recording prints: its words, and its code. */
type PrintedRecording = { id: string; duration_ms: number; transcript: string | null };

/**
 * The book's content for the reader. `origin` is the address the family reaches Family Book at: a
 * story told out loud prints a code of its listen page there.
 */
export async function gatherBookContent({
  viewer,
  options,
  origin,
  today = now(),
}: {
  viewer: UserDto;
  options: BookOptions;
  origin: string;
  today?: Date;
}): Promise<BookContent> {
  const prisma = await getDb();
  const generatedOn = dayOf(today);

  if (options.member) await assertFamilyMember(viewer, options.member);
  const author = options.member ? { user_id: options.member } : {};
  const fromDate = options.from ? new Date(`${options.from}T00:00:00Z`) : undefined;
  const toDate = options.to ? new Date(`${options.to}T00:00:00Z`) : undefined;
  const toExclusive = toDate ? new Date(toDate.getTime() + 24 * 60 * 60 * 1000) : undefined;
  // strictUndefinedChecks: a filter is either present or left out, never undefined.
  const memoryDates = fromDate || toDate ? { memory_date: { ...(fromDate && { gte: fromDate }), ...(toDate && { lte: toDate }) } } : {};
  const answerDates = fromDate || toExclusive ? { created_at: { ...(fromDate && { gte: fromDate }), ...(toExclusive && { lt: toExclusive }) } } : {};
  const visibleSubmissions = visibleSubmissionsWhere(viewer);

  // The feeds' order read backwards (they are newest first), ties on a date broken the same way.
  const [family, memories, submissions] = await Promise.all([
    viewer.family_id ? prisma.family.findUnique({ where: { id: viewer.family_id }, select: { name: true } }) : null,
    prisma.memory.findMany({
      where: { AND: [sharedWith(viewer), author, memoryDates] },
      orderBy: [{ memory_date: "asc" }, { created_at: "asc" }, { id: "asc" }],
      select: {
        id: true,
        title: true,
        content: true,
        memory_date: true,
        author_name: true,
        user: { select: { id: true, first_name: true, last_name: true } },
        memory_tags: {
          select: { tagged_name: true, tagged_user: { select: { first_name: true, last_name: true } } },
          orderBy: [{ created_at: "asc" }, { id: "asc" }],
        },
        memory_photos: {
          select: { id: true, display_key: true, print_key: true, width: true, height: true },
          orderBy: [{ order_number: "asc" }, { created_at: "asc" }],
        },
        recording: { select: { id: true, duration_ms: true, transcript: true } },
      },
    }),
    visibleSubmissions
      ? prisma.submission.findMany({
          where: { AND: [visibleSubmissions, author, answerDates] },
          orderBy: [{ created_at: "asc" }, { id: "asc" }],
          select: {
            id: true,
            created_at: true,
            author_name: true,
            user: { select: { id: true, first_name: true, last_name: true } },
            questionnaire: { select: { title: true } },
            responses: {
              where: answerSharedWhere,
              orderBy: [{ question: { position: "asc" } }, { id: "asc" }],
              select: {
                id: true,
                answer_text: true,
                question: { select: { question_text: true } },
                recording: { select: { id: true, duration_ms: true, transcript: true } },
                photos: {
                  select: { id: true, display_key: true, print_key: true, width: true, height: true },
                  orderBy: [{ order_number: "asc" }, { created_at: "asc" }],
                },
              },
            },
          },
        })
      : [],
  ]);

  const memoryIds = memories.map((memory) => memory.id);
  const responseIds = submissions.flatMap((submission) => submission.responses.map((response) => response.id));
  const [comments, followUps] = await Promise.all([
    options.comments === "include" ? commentsOf(viewer, memoryIds, responseIds) : null,
    followUpsOf(viewer, memoryIds, responseIds),
  ]);
  // Every story told out loud prints its code: the memories', the answers', and the answers to their questions.
  const listenTokens = await listenTokensFor(
    [...memories, ...submissions.flatMap((submission) => submission.responses), ...[...followUps.values()].flat()].flatMap((item) =>
      item.recording ? [item.recording.id] : [],
    ),
  );
  const voiceOf = (recording: PrintedRecording | null) => {
    const token = recording && listenTokens.get(recording.id);
    if (!recording || !token) return {};
    return { voice: { durationSeconds: recording.duration_ms / 1000, transcript: recording.transcript, listenUrl: new URL(listenPath(token), origin).href } };
  };
  // Only a book that includes comments has them: the others' items are as they were.
  const commentsOn = (id: string) => ({
    ...(followUps.has(id) ? { followUps: followUps.get(id)!.map(({ recording, ...followUp }) => ({ ...followUp, ...voiceOf(recording) })) } : {}),
    ...(comments ? { comments: comments.get(id) ?? [] } : {}),
  });

  const storage = getStorage();
  const limit = createLimiter(2);
  // A memory's photos and an answer's are printed alike: each its print variant.
  const bookPhoto = (photo: PrintSource & { id: string; width: number; height: number }): BookPhoto => ({
    id: photo.id,
    width: photo.width,
    height: photo.height,
    load: printPhotoLoader(storage, photo, limit),
  });
  const cover = options.cover ? bookPhoto(await findCoverPhoto(viewer, options.cover)) : null;
  const items: BookItem[] = [
    ...memories.map((memory): BookItem => ({
      kind: "memory",
      id: memory.id,
      title: memory.title,
      date: dayOf(memory.memory_date),
      author: fullName(authorProfile(memory.user, memory.author_name)),
      authorId: memory.user?.id ?? `former:${fullName(authorProfile(null, memory.author_name))}`,
      taggedNames: memory.memory_tags.map((tag) => fullName(tagProfile(tag.tagged_user, tag.tagged_name))),
      content: memory.content,
      photos: memory.memory_photos.map(bookPhoto),
      ...voiceOf(memory.recording),
      ...commentsOn(memory.id),
    })),
    ...submissions.map((submission): BookItem => ({
      kind: "answers",
      id: submission.id,
      questionnaireTitle: submission.questionnaire.title,
      date: dayOf(submission.created_at),
      author: fullName(authorProfile(submission.user, submission.author_name)),
      authorId: submission.user?.id ?? `former:${fullName(authorProfile(null, submission.author_name))}`,
      answers: submission.responses.map((response) => ({
        question: response.question.question_text,
        answer: response.answer_text,
        // An answer has photos only when some were given with it, as it has "Tell us more" only when asked.
        ...(response.photos.length > 0 ? { photos: response.photos.map(bookPhoto) } : {}),
        ...voiceOf(response.recording),
        ...commentsOn(response.id),
      })),
    })),
  ].sort((a, b) => (a.date === b.date ? 0 : a.date < b.date ? -1 : 1));

  const contributors = [...new Set(items.map((item) => item.author))];
  const firstYear = items[0]?.date.slice(0, 4);
  const lastYear = items.at(-1)?.date.slice(0, 4);
  const period =
    options.from || options.to
      ? `${options.from ? options.from.slice(0, 4) : (firstYear ?? "")} – ${options.to ? options.to.slice(0, 4) : (lastYear ?? "")}`
      : firstYear
        ? firstYear === lastYear
          ? firstYear
          : `${firstYear} – ${lastYear}`
        : null;

  return {
    title: family?.name ?? "Our Family Book",
    period,
    contributors,
    chapters: chaptersOf(items, options.chapters),
    cover,
    generatedOn,
    largePrint: options.print === "large",
  };
}
