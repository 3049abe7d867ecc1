import { PlusIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { AuthRequired } from "@/components/auth/auth-required";
import { MemoryList } from "@/components/memories/memory-list";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { LinkPending } from "@/components/ui/link-pending";
import { getCurrentUser } from "@/server/accounts/auth/current-user";
import { summarizeConversations } from "@/server/conversations/conversation-summaries";
import { listMemories } from "@/server/memories/list-memories";

export const metadata: Metadata = { title: "My Memories" };

export default async function MemoriesPage() {
  const user = await getCurrentUser();
  if (!user) return <AuthRequired heading="My Memories" message="Please sign in to see and add your memories." path="/memories" />;

  let page: Awaited<ReturnType<typeof listMemories>> | null = null;
  let summaries: Awaited<ReturnType<typeof summarizeConversations>> = [];
  try {
    page = await listMemories({ viewer: user });
    const shared = page.memories.filter((memory) => memory.is_shared).map((memory) => ({ type: "memory" as const, id: memory.id }));
    summaries = await summarizeConversations({ viewer: user, items: shared });
  } catch (error) {
    console.error("Loading memories failed:", error);
  }

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">My Memories</h1>
        <Button asChild size="lg">
          <Link href="/memories/add">
            <PlusIcon aria-hidden="true" />
            Add Memory
            <LinkPending />
          </Link>
        </Button>
      </div>
      {!page ? (
        <Alert variant="destructive" role="alert">
          Failed to load memories. Please try again later.
        </Alert>
      ) : page.memories.length === 0 ? (
        <Card className="items-center py-12 text-center">
          <p className="text-lg">No memories found. Start capturing your precious moments!</p>
          <Button asChild size="lg">
            <Link href="/memories/add">
              Create Your First Memory
              <LinkPending />
            </Link>
          </Button>
        </Card>
      ) : (
        <MemoryList memories={page.memories} nextCursor={page.next_cursor} initialSummaries={summaries} viewerId={user.id} />
      )}
    </div>
  );
}
