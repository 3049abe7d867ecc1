import "server-only";
import { getDb } from "@/server/db/client";
import { notFound } from "@/server/http/app-error";
import { getStorage } from "@/server/storage";
import type { UserDto } from "@/server/users/user-dto";
import type { BookOptions } from "@/lib/schemas/family-book";
import { chaptersByYear, type BookContent, type BookItem } from "./book-content";
import { createLimiter, printPhotoLoader } from "./print-photos";

// Everything the reader's family has shared, as a book: shared memories, and answers that were
// shared (a shared submission brings all its answers, a single shared answer comes alone —
// the same rule as the Family Book page). Nothing of another family, nothing unshared.

const fullName = (person: { first_name: string; last_name: string }) => `${person.first_name} ${person.last_name}`.trim();
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

export async function gatherBookContent({ viewer, options, today = new Date() }: { viewer: UserDto; options: BookOptions; today?: Date }): Promise<BookContent> {
  const prisma = await getDb();
  const familyId = viewer.family_id;
  const generatedOn = dayOf(today);
  if (!familyId) return { title: "Our Family Book", period: null, contributors: [], chapters: [], generatedOn };

  if (options.member) {
    const member = await prisma.user.findFirst({ where: { id: options.member, family_id: familyId }, select: { id: true } });
    if (!member) throw notFound("Family member not found");
  }
  const author = options.member ? { user_id: options.member } : {};
  const fromDate = options.from ? new Date(`${options.from}T00:00:00Z`) : undefined;
  const toDate = options.to ? new Date(`${options.to}T00:00:00Z`) : undefined;
  const toExclusive = toDate ? new Date(toDate.getTime() + 24 * 60 * 60 * 1000) : undefined;
  // strictUndefinedChecks: a filter is either present or left out, never undefined.
  const memoryDates = fromDate || toDate ? { memory_date: { ...(fromDate && { gte: fromDate }), ...(toDate && { lte: toDate }) } } : {};
  const answerDates = fromDate || toExclusive ? { created_at: { ...(fromDate && { gte: fromDate }), ...(toExclusive && { lt: toExclusive }) } } : {};

  const [family, memories, submissions] = await Promise.all([
    prisma.family.findUnique({ where: { id: familyId }, select: { name: true } }),
    prisma.memory.findMany({
      where: { family_id: familyId, is_shared: true, ...author, ...memoryDates },
      orderBy: [{ memory_date: "asc" }, { created_at: "asc" }],
      select: {
        id: true,
        title: true,
        content: true,
        memory_date: true,
        user: { select: { first_name: true, last_name: true } },
        memory_tags: { select: { tagged_user: { select: { first_name: true, last_name: true } } }, orderBy: { created_at: "asc" } },
        memory_photos: { select: { id: true, display_key: true, width: true, height: true }, orderBy: { order_number: "asc" } },
      },
    }),
    prisma.submission.findMany({
      where: {
        family_id: familyId,
        ...author,
        ...answerDates,
        OR: [{ is_shared: true }, { responses: { some: { is_shared: true } } }],
      },
      orderBy: { created_at: "asc" },
      select: {
        id: true,
        is_shared: true,
        created_at: true,
        user: { select: { first_name: true, last_name: true } },
        questionnaire: { select: { title: true } },
        responses: {
          select: { answer_text: true, is_shared: true, question: { select: { question_text: true, position: true } } },
        },
      },
    }),
  ]);

  const storage = getStorage();
  const limit = createLimiter(2);
  const items: BookItem[] = [
    ...memories.map(
      (memory): BookItem => ({
        kind: "memory",
        id: memory.id,
        title: memory.title,
        date: dayOf(memory.memory_date),
        author: fullName(memory.user),
        taggedNames: memory.memory_tags.map((tag) => fullName(tag.tagged_user)),
        content: memory.content,
        photos: memory.memory_photos.map((photo) => ({
          id: photo.id,
          width: photo.width,
          height: photo.height,
          load: printPhotoLoader(storage, photo.display_key, limit),
        })),
      }),
    ),
    ...submissions
      .map(
        (submission): BookItem => ({
          kind: "answers",
          id: submission.id,
          questionnaireTitle: submission.questionnaire.title,
          date: dayOf(submission.created_at),
          author: fullName(submission.user),
          answers: submission.responses
            .filter((response) => submission.is_shared || response.is_shared)
            .filter((response) => response.answer_text.trim() !== "")
            .sort((a, b) => a.question.position - b.question.position)
            .map((response) => ({ question: response.question.question_text, answer: response.answer_text })),
        }),
      )
      .filter((item) => item.kind === "answers" && item.answers.length > 0),
  ].sort((a, b) => (a.date === b.date ? 0 : a.date < b.date ? -1 : 1));

  const contributors = [...new Set(items.map((item) => item.author))];
  const firstYear = items[0]?.date.slice(0, 4);
  const lastYear = items.at(-1)?.date.slice(0, 4);
  const period = options.from || options.to
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
    chapters: chaptersByYear(items),
    generatedOn,
  };
}
