import type { Metadata } from "next";
import { AuthRequired } from "@/components/auth/auth-required";
import { DownloadBookButton } from "@/components/family-book/download-book-button";
import { EmptyFamilyBook } from "@/components/family-book/empty-family-book";
import { FamilyBookView, type FamilyBookTab } from "@/components/family-book/family-book-view";
import { MemberFilter } from "@/components/family-book/member-filter";
import { PRODUCT_NAME } from "@/lib/constants";
import { getCurrentUser } from "@/server/accounts/auth/current-user";
import { familyBookIsEmpty } from "@/server/book/print/family-book-is-empty";
import { summarizeConversations } from "@/server/conversations/conversation-summaries";
import { listFamilyMembers } from "@/server/family/members/list-family-members";
import { listSharedMemories } from "@/server/memories/list-memories";
import { listSharedSubmissions } from "@/server/questions/questionnaires/list-shared-submissions";

export const metadata: Metadata = { title: PRODUCT_NAME };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const tabs: FamilyBookTab[] = ["memories", "responses", "timeline"];

export default async function FamilyBookPage({ searchParams }: { searchParams: SearchParams }) {
  const user = await getCurrentUser();
  if (!user) {
    return <AuthRequired heading={PRODUCT_NAME} message="Please sign in or register to read your family's shared memories and answers." path="/family-book" />;
  }
  if (await familyBookIsEmpty({ viewer: user })) return <EmptyFamilyBook />;
  const params = await searchParams;
  const tab = tabs.find((candidate) => candidate === params.tab) ?? "memories";
  const members = await listFamilyMembers({ viewer: user });
  // Only a member of this family can be chosen; anything else shows the whole family.
  const member = members.find((candidate) => candidate.id === params.member)?.id;

  // The shared answers are sent with the page only when their tab or the timeline is open; the
  // Shared Memories tab, where most visits start, fetches them when the reader turns to them.
  const [memories, submissions] = await Promise.all([
    listSharedMemories({ viewer: user, authorId: member }),
    tab === "memories" ? null : listSharedSubmissions({ viewer: user, authorId: member }),
  ]);

  // The comment counts and reactions of everything on the page: one statement (docs/decisions/026-comments-and-reactions.md).
  const summaries = await summarizeConversations({
    viewer: user,
    items: [
      ...memories.memories.map((memory) => ({ type: "memory" as const, id: memory.id })),
      ...(submissions?.submissions ?? []).flatMap((submission) => submission.responses.map((response) => ({ type: "answer" as const, id: response.id }))),
    ],
  });

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">{PRODUCT_NAME}</h1>
        <DownloadBookButton members={members} initialMember={member} />
      </div>
      {members.length > 0 && <MemberFilter members={members} selected={member} />}
      <FamilyBookView
        key={member ?? "all"}
        member={member}
        initialTab={tab}
        initialMemories={{ items: memories.memories, nextCursor: memories.next_cursor }}
        initialSubmissions={submissions && { items: submissions.submissions, nextCursor: submissions.next_cursor }}
        initialSummaries={summaries}
        viewerId={user.id}
        viewerIsAdmin={members.some((candidate) => candidate.id === user.id && candidate.is_admin)}
      />
    </div>
  );
}
