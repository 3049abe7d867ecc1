import "server-only";
import { z } from "zod";
import { answerWords } from "@/lib/answer-words";
import { familyBookItemPath } from "@/lib/family-book/item-path";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { authorProfile } from "@/server/family/members/former-member";
import { sharedWith } from "@/server/memories/memory-visibility";
import { now } from "@/server/platform/clock";
import { getDb } from "@/server/platform/db/client";
import { getStorage } from "@/server/platform/storage";
import { downloadUrlSigning } from "@/server/platform/storage/stored-objects";
import { visibleAnswersWhere } from "@/server/questions/questionnaires/answer-visibility";

// "New from your family" at the top of the dashboard (docs/product.md §2): the latest stories and
// answers relatives shared, with a photo and who wrote them, and which of them are new since the
// person last looked. Read through the items' own visibility rules, as every reader is.

/** How many items the dashboard shows; the Family Book has the rest. */
export const FAMILY_NEWS_LIMIT = 6;
/** The start of a story or an answer, in characters. */
const EXCERPT_LENGTH = 180;

export const familyNewsItemSchema = z.strictObject({
  kind: z.enum(["memory", "answer"]),
  id: z.guid(),
  /** A memory's title, or an answer's question. */
  title: z.string(),
  excerpt: z.string(),
  author: z.strictObject({ first_name: z.string(), last_name: z.string() }),
  /** When it was shared or last changed (a memory), or given (an answer). */
  at: z.string(),
  /** Shared since the person last saw this list. */
  is_new: z.boolean(),
  thumbnail_url: z.string().nullable(),
  href: z.string(),
});

export type FamilyNewsItem = z.output<typeof familyNewsItemSchema>;

function excerptOf(text: string) {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= EXCERPT_LENGTH ? flat : `${flat.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…`;
}

/** Written by someone other than the viewer: a relative, or a former member. */
const notByViewer = (viewer: Pick<UserDto, "id">) => ({ OR: [{ user_id: null }, { user_id: { not: viewer.id } }] });

/**
 * The latest shared memories and answers of the viewer's relatives, newest first, and marks the
 * list seen: what is shared after this moment is new the next time. `markSeen: false` reads without it.
 */
export async function readFamilyNews({ viewer, markSeen = true }: { viewer: UserDto; markSeen?: boolean }): Promise<{ items: FamilyNewsItem[] }> {
  if (!viewer.family_id) return { items: [] };
  const prisma = await getDb();
  const answers = visibleAnswersWhere(viewer);
  const [seen, memories, responses] = await Promise.all([
    prisma.user.findUnique({ where: { id: viewer.id }, select: { family_news_seen_at: true } }),
    prisma.memory.findMany({
      where: { AND: [sharedWith(viewer), notByViewer(viewer)] },
      orderBy: [{ updated_at: "desc" }, { id: "desc" }],
      take: FAMILY_NEWS_LIMIT,
      select: {
        id: true,
        title: true,
        content: true,
        updated_at: true,
        author_name: true,
        user: { select: { first_name: true, last_name: true } },
        user_id: true,
        memory_photos: { orderBy: { order_number: "asc" }, take: 1, select: { thumbnail_key: true } },
      },
    }),
    answers
      ? prisma.response.findMany({
          where: { AND: [answers, { submission: notByViewer(viewer) }] },
          orderBy: [{ created_at: "desc" }, { id: "desc" }],
          take: FAMILY_NEWS_LIMIT,
          select: {
            id: true,
            answer_text: true,
            recording: { select: { transcript: true } },
            created_at: true,
            question: { select: { question_text: true } },
            submission: { select: { user_id: true, author_name: true, user: { select: { first_name: true, last_name: true } } } },
          },
        })
      : [],
  ]);
  // Until the first look, everything is new to them (a relative who just joined has read none of it).
  const since = seen?.family_news_seen_at ?? null;
  const storage = getStorage();
  const signing = downloadUrlSigning(now());
  const items: FamilyNewsItem[] = [
    ...(await Promise.all(
      memories.map(async (memory): Promise<FamilyNewsItem> => {
        const cover = memory.memory_photos[0];
        return {
          kind: "memory",
          id: memory.id,
          title: memory.title,
          excerpt: excerptOf(memory.content),
          author: authorProfile(memory.user, memory.author_name),
          at: memory.updated_at.toISOString(),
          is_new: since === null || memory.updated_at > since,
          thumbnail_url: cover ? await storage.signedDownloadUrl(cover.thumbnail_key, signing) : null,
          href: familyBookItemPath({ type: "memory", id: memory.id }, memory.user_id),
        };
      }),
    )),
    ...responses.map((response): FamilyNewsItem => ({
      kind: "answer",
      id: response.id,
      title: response.question.question_text,
      excerpt: excerptOf(answerWords(response.answer_text, response.recording)),
      author: authorProfile(response.submission.user, response.submission.author_name),
      at: response.created_at.toISOString(),
      is_new: since === null || response.created_at > since,
      thumbnail_url: null,
      href: familyBookItemPath({ type: "answer", id: response.id }, response.submission.user_id),
    })),
  ]
    .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
    .slice(0, FAMILY_NEWS_LIMIT);
  if (markSeen) await prisma.user.update({ where: { id: viewer.id }, data: { family_news_seen_at: now() } });
  return { items };
}
